// The form's non-blocking warnings, with the real App against a local HTTP server playing {webapi}: the
// fields the schema names in warning_fields are checked (do/warnings) once typing pauses, the warnings
// are listed with links to the cases they name, they go when the value no longer warrants them, a save
// still goes through and its warnings are shown as messages; a model without warning fields never asks.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReceivedRequest, Responder } from '../../testing/local-server';
import { answer, notFound, pageTest } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { modelSchema, schemaField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';

const OTHER = 'Other00000000001';
const CREATED = 'Created000000001';
const DUPLICATE = {
  code: 'applicationNumberDuplicate',
  field: 'application_number',
  message: '申请号 201310033299.6 已登记在本租户的其他案件上：P-7 电池',
  links: [{ model: 'patent', sid: OTHER, label: 'P-7 电池' }],
};

let warningFields: string[] | undefined;

const schema = () =>
  modelSchema({
    fields: [schemaField('title', '专利名称'), schemaField('sn', '案号'), schemaField('application_number', '申请号')],
    ...(warningFields ? { warning_fields: warningFields } : {}),
  });

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  if (path === '/webapi/model/patent/do/schema') return answer(schema())(request, response);
  if (path === '/webapi/model/patent/do/warnings') {
    const { data } = JSON.parse(request.body) as { data: { application_number?: string } };
    // Only the number with and without its dot is a duplicate here.
    const duplicate = ['201310033299.6', '2013100332996'].includes(data.application_number ?? '');
    return answer({ normalized: {}, warnings: duplicate ? [DUPLICATE] : [] })(request, response);
  }
  if (path === '/webapi/model/patent/do/create')
    return answer({ sid: CREATED, version: 1, title: '电池' }, { warnings: [DUPLICATE] })(request, response);
  if (path === `/webapi/model/patent/${CREATED}`)
    return answer({ sid: CREATED, version: 1, title: '电池' })(request, response);
  return notFound(request, response);
}

const page = pageTest(webapi, { companies: [] });
const warningChecks = () => page.sent('/webapi/model/patent/do/warnings');

async function openNewForm() {
  const rendered = await page.open('/model/patent/new');
  const { container } = rendered;
  await waitUntil(() => container.querySelector('[data-testid="field-application_number"]') !== null);
  return rendered;
}

beforeEach(() => {
  warningFields = ['application_number', 'country', 'patent_type'];
});

describe('warnings on a form', { timeout: 20_000 }, () => {
  it('lists the server’s warnings on the watched fields with links, and drops them when they no longer apply', async () => {
    const { container } = await openNewForm();
    // A field the warnings do not read asks nothing.
    await typeInto(byTestId<HTMLInputElement>(container, 'field-title'), '电池');
    await settle();
    expect(warningChecks()).toHaveLength(0);

    await typeInto(byTestId<HTMLInputElement>(container, 'field-application_number'), '2013100332996');
    await waitUntil(() => container.querySelector('[data-testid="form-warnings"]') !== null);
    expect(JSON.parse(warningChecks().at(-1)!.body)).toEqual({ data: { application_number: '2013100332996' } });
    expect(byTestId(container, 'form-warning-applicationNumberDuplicate').textContent).toContain(DUPLICATE.message);
    const link = byTestId<HTMLAnchorElement>(container, `form-warning-link-${OTHER}`);
    expect(link.textContent).toBe('P-7 电池');
    expect(link.getAttribute('href')).toContain(`/model/patent/${OTHER}`);

    await typeInto(byTestId<HTMLInputElement>(container, 'field-application_number'), '201410033299.1');
    await waitUntil(() => container.querySelector('[data-testid="form-warnings"]') === null);
    expect(JSON.parse(warningChecks().at(-1)!.body).data.application_number).toBe('201410033299.1');
  });

  it('saves despite a warning and shows the warnings the save answered with', async () => {
    const { container, router } = await openNewForm();
    await typeInto(byTestId<HTMLInputElement>(container, 'field-title'), '电池');
    await typeInto(byTestId<HTMLInputElement>(container, 'field-sn'), 'P-8');
    await typeInto(byTestId<HTMLInputElement>(container, 'field-application_number'), '201310033299.6');
    await waitUntil(() => container.querySelector('[data-testid="form-warnings"]') !== null);
    await click(byTestId(container, 'form-save'));
    await waitUntil(() => router.state.location.pathname === `/model/patent/${CREATED}`);
    await waitUntil(() => (document.querySelector('.ant-message')?.textContent ?? '').includes(DUPLICATE.message));
    expect(page.sent('/webapi/model/patent/do/create')).toHaveLength(1);
  });

  it('never asks for a model without warning fields', async () => {
    warningFields = undefined;
    const { container } = await openNewForm();
    await typeInto(byTestId<HTMLInputElement>(container, 'field-application_number'), '2013100332996');
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(warningChecks()).toHaveLength(0);
    expect(container.querySelector('[data-testid="form-warnings"]')).toBeNull();
  });
});
