// The generic model pages made permission-aware, and the people actions, rendered with the real App
// against a real HTTP server playing {webapi}: buttons the schema's abilities deny are absent; masked
// fields are neither searched nor sorted; read-only and masked fields read as text in the edit form and
// are never sent; departments read by name; and the person and agency actions send what the API takes.
import { act } from 'react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ModelAbilities, ModelSchema } from '../../api/model';
import { sendJson, type ReceivedRequest, type Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { fieldMaker, systemField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';

const zh = messages['zh-CN'];
const PERSON = 'Per0000000000001';
const OTHER = 'Per0000000000002';
const AGENCY = 'Agc0000000000001';
const DEPARTMENT = 'Dept000000000001';
const ROLE = 'Role000000000001';

let abilities: ModelAbilities | undefined;
let personRow: Record<string, unknown>;
let closeAgencyAnswer: { status: number; body: unknown };

// The list's searches and keyword read these fields unless a field says otherwise.
const field = fieldMaker({ max_length: 50, flags: { searchFilter: true, keyword: true } });
const statusOptions = [
  { value: 'active', label: '在职' },
  { value: 'resigned', label: '离职' },
];

function personSchema(): ModelSchema {
  return {
    name: 'person',
    label: '人员',
    title_field: 'name',
    ...(abilities && { abilities }),
    fields: [
      systemField('sid', '编号'),
      systemField('company_sid', '所属公司', { kind: 'company', data_type: 'ref' }),
      systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
      field('name', '姓名', { required: true }),
      field('mobile', '手机号', { masked: true, max_length: 11 }),
      field('department', '部门', { kind: 'organization', data_type: 'ref', target: 'organization' }),
      field('status', '状态', { kind: 'option', data_type: 'key', options: statusOptions, read_only: true }),
      field('account_user', '登录账号', { kind: 'user', data_type: 'ref', read_only: true }),
    ],
  };
}

const agencySchema: ModelSchema = {
  name: 'agency',
  label: '代理机构',
  title_field: 'name',
  fields: [
    systemField('sid', '编号'),
    field('name', '机构名称'),
    field('status', '状态', {
      kind: 'option',
      data_type: 'key',
      read_only: true,
      options: [
        { value: 'valid', label: '有效' },
        { value: 'invalid', label: '无效' },
      ],
    }),
  ],
  // Close and reopen are the agency's lifecycle actions: the generic buttons and dialog.
  lifecycle: {
    field: 'status',
    initial: 'valid',
    statuses: [
      { key: 'valid', label: '有效', color: 'green', final: false },
      { key: 'invalid', label: '无效', color: 'gray', final: false },
    ],
    actions: [
      {
        name: 'close',
        label: '停用机构',
        from: ['valid'],
        to: 'invalid',
        comment: 'optional',
        sets: [],
        requires: [],
        confirm: '停用后不能再为其代理人开通登录账号。停用前需先关闭其代理人的登录账号。',
        approval: false,
        allowed: true,
      },
      {
        name: 'reopen',
        label: '重新启用',
        from: ['invalid'],
        to: 'valid',
        comment: 'optional',
        sets: [],
        requires: [],
        confirm: '启用后可以为其代理人开通登录账号。',
        approval: false,
        allowed: true,
      },
    ],
  },
};

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  switch (path) {
    case '/webapi/model/person/do/schema':
      return send(personSchema());
    case '/webapi/model/agency/do/schema':
      return send(agencySchema);
    case '/webapi/model/person/do/search': {
      const { iql } = JSON.parse(request.body || '{}') as { iql?: string };
      if (iql?.includes('account_user IS NOT NULL'))
        return send({ rows: [{ sid: OTHER, name: '李四', job_number: 'E002' }], total: 1 });
      return send({ rows: [personRow], total: 1 });
    }
    case `/webapi/model/person/${PERSON}`:
      return send(personRow);
    case `/webapi/model/agency/${AGENCY}`:
      return send({
        sid: AGENCY,
        version: 1,
        company_sid: TEST_COMPANY_SID,
        name: '某某代理所',
        status: 'valid',
        _actions: ['close'],
      });
    case '/webapi/department/do/tree':
      return send([
        {
          sid: DEPARTMENT,
          company_sid: TEST_COMPANY_SID,
          parent_sid: null,
          name: '研发部',
          status: 1,
          children: [],
        },
      ]);
    case '/webapi/model/role/do/search':
      return send({ rows: [{ sid: ROLE, code: 'staff', name: '普通员工', status: 1, platform: 1 }], total: 1 });
    case '/webapi/model/person/do/open_account':
      return send({ user_sid: 'User000000000001', account: 'zhangsan', initial_password: 'Xy7#kP2q!' });
    case '/webapi/model/person/do/close_account':
      return send({});
    case '/webapi/model/person/do/resign':
      return send({ ...personRow, status: 'resigned' });
    case '/webapi/model/person/do/update':
      return send(personRow);
    case '/webapi/model/agency/do/action/close':
      return sendJson(closeAgencyAnswer.status, closeAgencyAnswer.body)(request, response);
    case '/webapi/model/user_define_config/do/search_header':
      return send({ columns: null });
    case '/webapi/model/user_define_config/do/search':
      return send([]);
    default:
      return notFound(request, response);
  }
}

function bodiesOf(path: string): unknown[] {
  return page.sent(path).map((request) => JSON.parse(request.body));
}

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

async function openDetail(model: string, sid: string): Promise<HTMLElement> {
  const rendered = await page.open(`/model/${model}/${sid}`);
  await waitUntil(() => present('detail-title'));
  await settle();
  return rendered.container;
}

const page = pageTest(webapi);
beforeEach(() => {
  abilities = undefined;
  personRow = {
    sid: PERSON,
    company_sid: TEST_COMPANY_SID,
    version: 3,
    name: '张三',
    mobile: '138****5678',
    department: DEPARTMENT,
    status: 'active',
    account_user: null,
  };
  closeAgencyAnswer = {
    status: 200,
    body: { code: 0, message: 'ok', request_id: 'r', data: { results: [], done: 0, started: 0, refused: 0 } },
  };
  localStorage.removeItem('my-menus');
});

describe('permission-aware list', { timeout: 20_000 }, () => {
  it('hides the buttons the abilities deny, reads departments by name, neither sorts nor searches masked fields', async () => {
    abilities = { create: false, update: false, delete: false, import: false, export: false };
    const rendered = await page.open('/model/person');
    const { container } = rendered;
    await waitUntil(() => present('record-link'));
    await waitUntil(
      () => container.querySelector(`tr[data-row-key="${PERSON}"]`)?.textContent?.includes('研发部') ?? false,
    );
    for (const testId of ['model-new', 'model-batch-delete', 'model-import', 'model-template', 'model-export'])
      expect(present(testId)).toBe(false);
    expect(present(`row-edit-${PERSON}`)).toBe(false);
    expect(present(`row-view-${PERSON}`)).toBe(true);
    expect(container.querySelector('.ant-table-selection-column')).toBeNull();
    // The masked value as the server sent it; its column has no sorter, the name's has.
    const headers = [...container.querySelectorAll('th')];
    const header = (label: string) => headers.find((th) => th.textContent === label);
    expect(header('手机号')?.classList.contains('ant-table-column-has-sorters')).toBe(false);
    expect(header('姓名')?.classList.contains('ant-table-column-has-sorters')).toBe(true);
    expect(present('basic-field-mobile')).toBe(false);
    expect(present('basic-field-name')).toBe(true);
  });

  it('shows every button when the abilities allow them', async () => {
    abilities = { create: true, update: true, delete: true, import: true, export: true };
    await page.open('/model/person');
    await waitUntil(() => present('record-link'));
    for (const testId of ['model-new', 'model-batch-delete', 'model-import', 'model-template', 'model-export'])
      expect(present(testId)).toBe(true);
  });
});

describe('permission-aware detail and form', { timeout: 20_000 }, () => {
  it('hides edit and delete without update and delete', async () => {
    abilities = { create: true, update: false, delete: false, import: true, export: true };
    const container = await openDetail('person', PERSON);
    expect(present('detail-edit')).toBe(false);
    expect(present('detail-delete')).toBe(false);
    await waitUntil(() => byTestId(container, 'detail-department').textContent === '研发部');
  });

  it('shows read-only and masked fields as text on edit and sends neither', async () => {
    const rendered = await page.open(`/model/person/${PERSON}/edit`);
    const { container } = rendered;
    await waitUntil(() => present('field-name'));
    await settle();
    expect(byTestId(container, 'field-mobile').dataset.readonly).toBe('true');
    expect(byTestId(container, 'field-mobile').textContent).toBe('138****5678');
    expect(byTestId(container, 'item-mobile').textContent).toContain(zh['modelAccess.maskedHint']);
    expect(byTestId(container, 'field-status').textContent).toBe('在职');
    expect(byTestId(container, 'item-status').textContent).toContain(zh['modelAccess.readOnlyHint']);
    await waitUntil(() => byTestId(container, 'item-department').textContent?.includes('研发部') ?? false);
    await typeInto(byTestId<HTMLInputElement>(container, 'field-name'), '张三丰');
    await click(byTestId(container, 'form-save'));
    await waitUntil(() => bodiesOf('/webapi/model/person/do/update').length === 1);
    expect(bodiesOf('/webapi/model/person/do/update')[0]).toEqual({
      sid: PERSON,
      version: 3,
      data: { name: '张三丰' },
    });
  });

  it('lets a masked field be typed on create and leaves the read-only ones out', async () => {
    const rendered = await page.open('/model/person/new');
    const { container } = rendered;
    await waitUntil(() => present('field-name'));
    expect(byTestId(container, 'field-mobile').tagName).toBe('INPUT');
    expect(present('item-status')).toBe(false);
    expect(present('item-account_user')).toBe(false);
  });
});

describe('person actions', { timeout: 20_000 }, () => {
  it('are hidden when the held resources lack person:account', async () => {
    localStorage.setItem('my-menus', JSON.stringify({ menus: [], resources: ['person', 'person:update'] }));
    await openDetail('person', PERSON);
    expect(present('detail-edit')).toBe(true);
    expect(present('open-account')).toBe(false);
    expect(present('resign')).toBe(false);
  });

  it('offers no roles to an account manager who may not give roles (system.roles)', async () => {
    localStorage.setItem('my-menus', JSON.stringify({ menus: [], resources: ['person', 'person:account'] }));
    const container = await openDetail('person', PERSON);
    await click(byTestId(container, 'open-account'));
    await waitUntil(() => present('open-account-form'));
    expect(present('open-account-item-account')).toBe(true);
    expect(present('open-account-item-roles')).toBe(false);
  });

  it('opens an account: the name checked as the server does, the roles of platform 1, the password shown once', async () => {
    localStorage.setItem(
      'my-menus',
      JSON.stringify({ menus: [], resources: ['person', 'person:account', 'system.roles'] }),
    );
    const container = await openDetail('person', PERSON);
    expect(present('close-account')).toBe(false);
    await click(byTestId(container, 'open-account'));
    await waitUntil(() => present('open-account-form'));
    const name = byTestId<HTMLInputElement>(document, 'open-account-name');
    await typeInto(name, '张 三');
    await click(byTestId(document, 'open-account-submit'));
    await waitUntil(() => byTestId(document, 'open-account-item-account').textContent?.includes('最多 50') ?? false);
    expect(byTestId(document, 'open-account-item-account').textContent).toContain(
      zh['peopleAction.accountInvalid'].replace('{{max}}', '50'),
    );
    expect(bodiesOf('/webapi/model/person/do/open_account')).toEqual([]);

    expect(bodiesOf('/webapi/model/role/do/search')).toEqual([{ iql: 'platform = 1 AND status = 1', rows: 1000 }]);
    await choose(byTestId(document, 'open-account-roles'), '普通员工');
    await typeInto(name, 'zhangsan');
    const reads = page.sent(`/webapi/model/person/${PERSON}`).length;
    await click(byTestId(document, 'open-account-submit'));
    await waitUntil(() => present('initial-password'));
    expect(bodiesOf('/webapi/model/person/do/open_account')).toEqual([
      { sid: PERSON, account: 'zhangsan', role_sids: [ROLE] },
    ]);
    expect(byTestId(document, 'initial-password').textContent).toBe('Xy7#kP2q!');
    expect(byTestId(document, 'initial-password-dialog').textContent).toContain(
      zh['peopleAction.initialPasswordChange'],
    );
    // The record is read again.
    await waitUntil(() => page.sent(`/webapi/model/person/${PERSON}`).length > reads);
    await click(byTestId(document, 'initial-password-done'));
    await waitUntil(() => !present('initial-password'));
  });

  it('closes an account after a confirmation', async () => {
    personRow.account_user = 'User000000000001';
    const container = await openDetail('person', PERSON);
    expect(present('open-account')).toBe(false);
    await click(byTestId(container, 'close-account'));
    await waitUntil(() => present('close-account-ok'));
    expect(byTestId(document, 'close-account-title').textContent).toBe(
      zh['peopleAction.closeAccountTitle'].replace('{{name}}', '张三'),
    );
    await click(byTestId(document, 'close-account-ok'));
    await waitUntil(() => bodiesOf('/webapi/model/person/do/close_account').length === 1);
    expect(bodiesOf('/webapi/model/person/do/close_account')).toEqual([{ sid: PERSON }]);
  });

  it('resigns with a handover person and today by default', async () => {
    const container = await openDetail('person', PERSON);
    await click(byTestId(container, 'resign'));
    await waitUntil(() => present('resign-form'));
    expect(byTestId(document, 'resign-explain').textContent).toBe(zh['peopleAction.resignExplain']);
    await click(byTestId(document, 'resign-submit'));
    await waitUntil(
      () =>
        byTestId(document, 'resign-item-handover').textContent?.includes(zh['peopleAction.handoverRequired']) ?? false,
    );
    expect(bodiesOf('/webapi/model/person/do/resign')).toEqual([]);
    await choose(byTestId(document, 'resign-handover'), '李四 (E002)');
    const search = bodiesOf('/webapi/model/person/do/search').find((body) =>
      (body as { iql?: string }).iql?.includes('account_user IS NOT NULL'),
    );
    expect((search as { iql: string }).iql).toBe(
      `status = 'active' AND account_user IS NOT NULL AND sid != '${PERSON}'`,
    );
    await click(byTestId(document, 'resign-submit'));
    await waitUntil(() => bodiesOf('/webapi/model/person/do/resign').length === 1);
    expect(bodiesOf('/webapi/model/person/do/resign')[0]).toEqual({
      sid: PERSON,
      version: 3,
      handover_person_sid: OTHER,
      resigned_on: dayjs().format('YYYY-MM-DD'),
    });
  });

  it('offers no resignation once resigned', async () => {
    personRow.status = 'resigned';
    await openDetail('person', PERSON);
    expect(present('resign')).toBe(false);
    expect(present('open-account')).toBe(false);
  });
});

describe('agency actions', { timeout: 20_000 }, () => {
  it("offers close with its warning and keeps the server's refusal to close inside the dialog", async () => {
    const refusal = '该机构还有 2 名代理人的登录账号未关闭';
    closeAgencyAnswer = {
      status: 200,
      body: {
        code: 0,
        message: 'ok',
        request_id: 'x',
        data: {
          results: [{ sid: AGENCY, outcome: 'refused', code: 409303, message: refusal }],
          done: 0,
          started: 0,
          refused: 1,
        },
      },
    };
    const container = await openDetail('agency', AGENCY);
    expect(present('action-reopen')).toBe(false);
    await click(byTestId(container, 'action-close'));
    await waitUntil(() => present('action-confirm'));
    expect(byTestId(document, 'action-confirm').textContent).toBe(
      '停用后不能再为其代理人开通登录账号。停用前需先关闭其代理人的登录账号。',
    );
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => present(`action-refused-${AGENCY}`));
    expect(byTestId(document, `action-refused-${AGENCY}`).textContent).toContain(refusal);
    expect(bodiesOf('/webapi/model/agency/do/action/close')).toEqual([{ sids: [AGENCY], versions: { [AGENCY]: 1 } }]);
  });
});
