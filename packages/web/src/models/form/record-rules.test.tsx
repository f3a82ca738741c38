// The model's rules across fields run in the form before anything is sent (core checkRecord, the same
// the server runs): a person's ID number against its type is refused beside the field, with the
// server's message, and no request leaves; a masked value read from the server is left to the server.
// Rendered with the real App against a real HTTP server playing {webapi}.
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ModelSchema, SchemaField } from '../../api/model';
import { startI18n } from '../../i18n/i18n';
import { endSession, startSession } from '../../session/store';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
  type ReceivedRequest,
} from '../../testing/local-server';
import { byTestId, click, renderAt, typeInto, type Rendered } from '../../testing/render';
import { settle, waitUntil } from '../../testing/wait';

const zh = messages['zh-CN'];
const COMPANY = 'CompanyA00000001';
const PERSON = 'Per0000000000001';

let server: LocalServer;
let rendered: Rendered | undefined;

function field(name: string, label: string, extra: Partial<SchemaField> = {}): SchemaField {
  return {
    name,
    label,
    kind: 'text',
    data_type: 'string',
    system: false,
    multiple: false,
    required: false,
    unique: false,
    min_length: null,
    max_length: 50,
    min: null,
    max: null,
    scale: null,
    dictionary: null,
    target: null,
    options: null,
    flags: {
      searchFilter: false,
      keyword: false,
      tableColumn: true,
      import: true,
      export: true,
      processVariable: false,
      approval: false,
    },
    ...extra,
  };
}

const schema: ModelSchema = {
  name: 'person',
  label: '人员',
  title_field: 'name',
  fields: [
    field('sid', '编号', { system: true }),
    field('version', '版本', { system: true, kind: 'number', data_type: 'integer' }),
    field('name', '姓名', { required: true }),
    field('id_type', '证件类型', {
      kind: 'option',
      data_type: 'key',
      dictionary: 'id_type',
      options: [
        { value: 'id_card', label: '居民身份证' },
        { value: 'passport', label: '护照' },
      ],
    }),
    field('id_number', '证件号码', { max_length: 20 }),
  ],
};
let idNumberMasked = false;

function webapi(request: ReceivedRequest, response: Parameters<ReturnType<typeof sendJson>>[1]): void {
  const path = request.url.split('?')[0];
  const answer = (data: unknown) => sendJson(200, { code: 0, message: 'ok', request_id: 'r', data })(request, response);
  const row = { sid: PERSON, company_sid: COMPANY, version: 2, name: '张三', id_type: 'id_card' };
  switch (path) {
    case '/webapi/model/person/do/schema':
      return answer({
        ...schema,
        fields: schema.fields.map((f) => (f.name === 'id_number' ? { ...f, masked: idNumberMasked } : f)),
      });
    case '/webapi/model/person/do/create':
    case '/webapi/model/person/do/update':
      return answer({ ...row, id_number: '11010519491231002X' });
    case `/webapi/model/person/${PERSON}`:
      return answer({ ...row, id_number: idNumberMasked ? '110***********002X' : '11010519491231002X' });
    default:
      return sendJson(404, { code: 404000, message: 'none', request_id: 'n' })(request, response);
  }
}

const sent = (path: string): number => server.received.filter((request) => request.url === path).length;
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

beforeAll(async () => {
  server = await startLocalServer(webapi);
  setPageUrl(`${server.origin}/ip/`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  idNumberMasked = false;
  startSession({
    authorization: 'jwt-1',
    refresh_token: 'refresh-1',
    companys: [{ sid: COMPANY, path: `/${COMPANY}/`, company_name: '总院', simple_name: null, last_login_flag: true }],
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  endSession();
  document.body.innerHTML = '';
});

describe("the model's rules across fields in the form", { timeout: 60_000 }, () => {
  it('refuses an ID number that does not fit its type beside the field, before sending; sends once it fits', async () => {
    rendered = await renderAt('/model/person/new');
    const { container } = rendered;
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
    rendered = await renderAt(`/model/person/${PERSON}/edit`);
    const { container } = rendered;
    await waitUntil(() => present('field-name'));
    await settle();
    await typeInto(byTestId<HTMLInputElement>(container, 'field-name'), '张三丰');
    await click(byTestId(container, 'form-save'));
    await waitUntil(() => sent('/webapi/model/person/do/update') === 1);
  });
});
