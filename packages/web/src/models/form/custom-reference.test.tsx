// Issue 18: a tenant's custom reference field in the generic form. A custom `sponsor` field of kind applicant
// on patents (as the schema answers it: kind, data type ref, target applicant, custom) is offered with the
// applicant record picker, which searches applicants by the typed words and shows them by title; the create
// sends the chosen applicant's sid, and an edit opens on the stored one shown by its title. Rendered with
// the real App against a real HTTP server playing {webapi}.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ReceivedRequest, Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';

const ACME = 'Applicant0000001';
const BETA = 'Applicant0000002';
const CREATED = 'Patent0000000001';

const patent = modelSchema({
  fields: [
    systemField('sid', '编号'),
    systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
    schemaField('title', '专利名称', { required: true }),
    schemaField('sponsor', '资助方', { kind: 'applicant', data_type: 'ref', target: 'applicant', custom: true }),
  ],
});
const applicant = modelSchema({
  name: 'applicant',
  label: '申请人',
  title_field: 'name',
  fields: [systemField('sid', '编号'), schemaField('name', '名称')],
});
const applicants = [
  { sid: ACME, version: 1, name: '艾克米科技有限公司' },
  { sid: BETA, version: 1, name: '贝塔公司' },
];
const stored = { sid: CREATED, version: 1, company_sid: TEST_COMPANY_SID, title: '一种电池', sponsor: ACME };

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  switch (path) {
    case '/webapi/model/patent/do/schema':
      return send(patent);
    case '/webapi/model/applicant/do/schema':
      return send(applicant);
    case '/webapi/model/applicant/do/search': {
      // The picker's search: the typed words narrow it (MATCH), as the server would.
      const iql = String((JSON.parse(request.body || '{}') as { iql?: string }).iql ?? '');
      const rows = iql.includes('艾克米') ? applicants.filter((a) => a.sid === ACME) : applicants;
      return send({ rows, total: rows.length });
    }
    case `/webapi/model/applicant/${ACME}`:
      return send(applicants[0]);
    case '/webapi/model/patent/do/create':
      return answer(stored, { titles: { applicant: { [ACME]: '艾克米科技有限公司' } } })(request, response);
    case `/webapi/model/patent/${CREATED}`:
      return answer(stored, { titles: { applicant: { [ACME]: '艾克米科技有限公司' } } })(request, response);
    default:
      return notFound(request, response);
  }
}

const page = pageTest(webapi);
const present = (testId: string): boolean => document.querySelector(`[data-testid="${testId}"]`) !== null;
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];

describe('a custom reference field in the generic form', { timeout: 60_000 }, () => {
  it('offers the applicant picker, searches applicants by the typed words and sends the chosen sid', async () => {
    const { container } = await page.open('/model/patent/new');
    await waitUntil(() => present('field-sponsor'));
    expect(byTestId(container, 'item-sponsor').textContent).toContain('资助方');
    await typeInto(byTestId<HTMLInputElement>(container, 'field-title'), '一种电池');

    // The record picker (a searchable select), not a box for a typed ID.
    const select = byTestId(container, 'item-sponsor').querySelector<HTMLElement>('.ant-select')!;
    expect(select).not.toBeNull();
    await act(async () => {
      select.querySelector('.ant-select-selector')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await typeInto(select.querySelector<HTMLInputElement>('input')!, '艾克米');
    await waitUntil(() => options().length === 1 && options()[0]!.textContent === '艾克米科技有限公司');
    const searched = page.sent('/webapi/model/applicant/do/search').map((r) => JSON.parse(r.body) as { iql?: string });
    expect(searched.some((body) => body.iql?.includes('艾克米'))).toBe(true);
    await click(options()[0]!);
    await settle();
    expect(select.textContent).toContain('艾克米科技有限公司');

    await click(byTestId(container, 'form-save'));
    await waitUntil(() => page.sent('/webapi/model/patent/do/create').length === 1);
    expect(JSON.parse(page.sent('/webapi/model/patent/do/create')[0]!.body)).toEqual({
      data: { title: '一种电池', sponsor: ACME },
    });
  });

  it('opens an edit on the stored applicant, shown by its title', async () => {
    const { container } = await page.open(`/model/patent/${CREATED}/edit`);
    await waitUntil(() => present('field-sponsor'));
    await waitUntil(() => byTestId(container, 'item-sponsor').textContent?.includes('艾克米科技有限公司') ?? false);
    expect(byTestId(container, 'item-sponsor').textContent).not.toContain(ACME);
  });
});
