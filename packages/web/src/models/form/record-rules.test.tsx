// The model's rules across fields run in the form before anything is sent (core checkRecord, the same
// the server runs): a person's ID number against its type is refused beside the field, with the
// server's message, and no request leaves; a masked value read from the server is left to the server.
// Rendered with the real App against a real HTTP server playing {webapi}.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ReceivedRequest, Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';

const zh = messages['zh-CN'];
const PERSON = 'Per0000000000001';

const schema = modelSchema({
  name: 'person',
  label: '人员',
  title_field: 'name',
  fields: [
    systemField('sid', '编号'),
    systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
    schemaField('name', '姓名', { required: true }),
    schemaField('id_type', '证件类型', {
      kind: 'option',
      data_type: 'key',
      dictionary: 'id_type',
      options: [
        { value: 'id_card', label: '居民身份证' },
        { value: 'passport', label: '护照' },
      ],
    }),
    schemaField('id_number', '证件号码', { max_length: 20 }),
  ],
});
let idNumberMasked = false;

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  const row = { sid: PERSON, company_sid: TEST_COMPANY_SID, version: 2, name: '张三', id_type: 'id_card' };
  switch (path) {
    case '/webapi/model/person/do/schema':
      return send({
        ...schema,
        fields: schema.fields.map((f) => (f.name === 'id_number' ? { ...f, masked: idNumberMasked } : f)),
      });
    case '/webapi/model/person/do/create':
    case '/webapi/model/person/do/update':
      return send({ ...row, id_number: '11010519491231002X' });
    case `/webapi/model/person/${PERSON}`:
      return send({ ...row, id_number: idNumberMasked ? '110***********002X' : '11010519491231002X' });
    default:
      return notFound(request, response);
  }
}

const page = pageTest(webapi);
const sent = (path: string): number => page.sent(path).length;
const present = (testId: string): boolean => document.querySelector(`[data-testid="${testId}"]`) !== null;

/** Opens an antd select and clicks the option showing `text`. */
async function choose(select: HTMLElement, text: string): Promise<void> {
  const selector = select.classList.contains('ant-select')
    ? select.querySelector('.ant-select-selector')
    : select.closest('.ant-select')?.querySelector('.ant-select-selector');
  await act(async () => {
    selector?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  let option: HTMLElement | undefined;
  await waitUntil(() => {
    option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) =>
      item.textContent?.includes(text),
    );
    return option !== undefined;
  });
  await click(option as HTMLElement);
}

beforeEach(() => {
  idNumberMasked = false;
});

describe("the model's rules across fields in the form", { timeout: 60_000 }, () => {
  it('refuses an ID number that does not fit its type beside the field, before sending; sends once it fits', async () => {
    const { container } = await page.open('/model/person/new');
    await waitUntil(() => present('field-name'));
    await typeInto(byTestId<HTMLInputElement>(container, 'field-name'), '张三');
    await choose(byTestId(container, 'field-id_type'), '居民身份证');
    // A wrong check character: the field's own checks pass (20 characters at most), the rule does not.
    await typeInto(byTestId<HTMLInputElement>(container, 'field-id_number'), '110105194912310021');
    await click(byTestId(container, 'form-save'));
    await waitUntil(
      () => byTestId(container, 'item-id_number').textContent?.includes(zh['validation.idCardCheckDigit']) ?? false,
    );
    await settle();
    expect(sent('/webapi/model/person/do/create')).toBe(0);

    await typeInto(byTestId<HTMLInputElement>(container, 'field-id_number'), '11010519491231002X');
    await click(byTestId(container, 'form-save'));
    await waitUntil(() => sent('/webapi/model/person/do/create') === 1);
  });

  it('leaves a masked value it cannot judge to the server', async () => {
    idNumberMasked = true;
    const { container } = await page.open(`/model/person/${PERSON}/edit`);
    await waitUntil(() => present('field-name'));
    await settle();
    await typeInto(byTestId<HTMLInputElement>(container, 'field-name'), '张三丰');
    await click(byTestId(container, 'form-save'));
    await waitUntil(() => sent('/webapi/model/person/do/update') === 1);
  });
});
