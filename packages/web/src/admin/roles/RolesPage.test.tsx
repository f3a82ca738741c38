// The role page rendered with the real App against a local HTTP server playing {webapi}: the list's
// query, which resources the permission tree disables for each platform, the permission set it saves
// (with the version), a stale version reloading, and a refused delete showing the server's words.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ResourceNode, RolePermissions, RoleRow } from '../../api/roles';
import { AntdFrame } from '../../app/AntdFrame';
import { App } from '../../app/App';
import { endSession } from '../../session/store';
import { sendJson, type ReceivedRequest, type Responder } from '../../testing/local-server';
import { answer, notFound, pageTest } from '../../testing/page-test';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { byTestId, click } from '../../testing/render';
import { RolesPage } from './RolesPage';
import { settle, waitUntil } from '../../testing/wait';

const zh = messages['zh-CN'];
let cleanup: (() => void) | undefined;

function role(sid: string, code: string, platform: 1 | 2, extra: Partial<RoleRow> = {}): RoleRow {
  return {
    sid,
    code,
    name: `${code} 角色`,
    description: null,
    status: 1,
    weight: 1,
    platform,
    show_sensitive: false,
    pick_range: 'company',
    data_scope: 'own',
    data_departments: [],
    version: 1,
    ...extra,
  };
}

const ROLES = [role('RoleEnterprise01', 'clerk', 1), role('RoleAgency000001', 'agent_role', 2)];

const res = (code: string, level: ResourceNode['level'], children: ResourceNode[] = []): ResourceNode => ({
  code,
  type: children.length > 0 || !code.includes(':') ? 'menu' : 'button',
  parent: null,
  name: code,
  level,
  sort: 0,
  children,
});

const TREE: ResourceNode[] = [
  res('home', 'open'),
  res('patent', 'system', [res('patent:create', 'system'), res('patent:delete', 'system')]),
  res('person', 'no_share', [res('person:account', 'no_share')]),
  res('system.settings', 'system_no_share'),
];

const PATENT_SCHEMA = modelSchema({
  fields: [systemField('sid', '编号'), schemaField('title', '专利名称'), schemaField('sn', '案号')],
});

let permissionVersion = 3;
let saveAnswer: 'ok' | 'conflict' = 'ok';

function permissionsOf(sid: string): RolePermissions {
  return {
    sid,
    version: permissionVersion,
    resources: ['patent'],
    field_rules: [],
    data_scope: 'own',
    data_departments: [],
    model_scopes: [],
  };
}

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/webapi/model/role/do/search') {
    const { iql } = JSON.parse(request.body) as { iql: string };
    const rows = ROLES.filter((one) => iql.startsWith(`platform = ${one.platform}`));
    return answer({ rows, total: rows.length })(request, response);
  }
  if (path === '/webapi/model/role/do/search_for_board')
    return answer(ROLES.map((one) => ({ ...one, user_num: 2 })))(request, response);
  if (path === '/webapi/resource/do/tree') return answer(TREE)(request, response);
  if (path.startsWith('/webapi/model/role/do/permissions/'))
    return answer(permissionsOf(path.split('/').at(-1) ?? ''))(request, response);
  if (path === '/webapi/model/role/do/permissions') {
    if (saveAnswer === 'conflict') {
      permissionVersion += 1;
      return sendJson(409, { code: 409000, message: '数据已被他人修改，请刷新后重试', request_id: 'c' })(
        request,
        response,
      );
    }
    const body = JSON.parse(request.body) as RolePermissions;
    permissionVersion += 1;
    return answer({ ...body, version: permissionVersion })(request, response);
  }
  if (path.startsWith('/webapi/model/role/do/users/')) return answer([])(request, response);
  if (path.startsWith('/webapi/model/role/do/delete/'))
    return sendJson(409, { code: 409309, message: '角色已分配给 2 个用户，不能删除', request_id: 'd' })(
      request,
      response,
    );
  if (path === '/webapi/model/person/do/search') return answer({ rows: [] })(request, response);
  if (path === '/webapi/model/patent/do/schema') return answer(PATENT_SCHEMA)(request, response);
  if (path === '/webapi/department/do/tree') return answer([])(request, response);
  if (path === '/webapi/company/do/list') return answer({ rows: [], total: 0 })(request, response);
  return notFound(request, response);
}

async function renderRolesPage(): Promise<HTMLElement> {
  const router = createMemoryRouter(
    // Inside antd's frame, as in the app's routes.
    [{ element: <AntdFrame />, children: [{ path: '/admin/roles', element: <RolesPage /> }] }],
    {
      initialEntries: ['/admin/roles'],
    },
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<App router={router} />));
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return container;
}

/** The tree node (checkbox and title) of a resource. */
function resourceNode(container: HTMLElement, code: string): { checked: boolean; disabled: boolean; box: HTMLElement } {
  const treeNode = byTestId(container, `resource-${code}`).closest('.ant-tree-treenode');
  const box = treeNode?.querySelector<HTMLElement>('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${code}`);
  return {
    box,
    checked: box.classList.contains('ant-tree-checkbox-checked'),
    disabled: box.classList.contains('ant-tree-checkbox-disabled'),
  };
}

function savedBodies(): RolePermissions[] {
  return page.server.received
    .filter((request) => request.url === '/webapi/model/role/do/permissions')
    .map((request) => JSON.parse(request.body) as RolePermissions);
}

async function openRole(container: HTMLElement, code: string): Promise<void> {
  await waitUntil(() => container.querySelector(`[data-testid="role-name-${code}"]`) !== null);
  await click(byTestId(container, `role-name-${code}`));
  await waitUntil(() => container.querySelector('[data-testid="resource-patent"]') !== null);
}

const page = pageTest(webapi);
beforeEach(() => {
  permissionVersion = 3;
  saveAnswer = 'ok';
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  endSession();
  document.body.innerHTML = '';
});

describe('the role page', { timeout: 30_000 }, () => {
  it('lists the enterprise roles by weight with their user counts', async () => {
    const container = await renderRolesPage();
    await waitUntil(() => container.querySelector('[data-testid="role-name-clerk"]') !== null);
    const search = page.server.received.find((request) => request.url === '/webapi/model/role/do/search');
    expect(JSON.parse(search?.body ?? '{}')).toEqual({ iql: 'platform = 1 ORDER BY weight ASC, name ASC', rows: 100 });
    expect(container.querySelector('[data-testid="role-name-agent_role"]')).toBeNull();
    expect(byTestId(container, 'role-table').textContent).toContain(zh['adminRole.enabled']);
  });

  it('disables what an enterprise role cannot hold and saves the ticked set with the version', async () => {
    const container = await renderRolesPage();
    await openRole(container, 'clerk');
    expect(byTestId(container, 'role-apply-hint').textContent).toContain(zh['adminRole.applyHint']);
    expect(resourceNode(container, 'home')).toMatchObject({ checked: true, disabled: true });
    expect(resourceNode(container, 'system.settings')).toMatchObject({ checked: false, disabled: true });
    expect(resourceNode(container, 'person')).toMatchObject({ checked: false, disabled: false });
    expect(resourceNode(container, 'patent')).toMatchObject({ checked: true, disabled: false });

    await click(resourceNode(container, 'person:account').box);
    expect(resourceNode(container, 'person')).toMatchObject({ checked: true });
    expect(byTestId(container, 'role-permissions-dirty').textContent).toBe(zh['adminRole.unsaved']);
    await click(byTestId(container, 'role-permissions-save'));
    await waitUntil(() => savedBodies().length === 1);
    expect(savedBodies()[0]).toEqual({
      sid: 'RoleEnterprise01',
      version: 3,
      resources: ['patent', 'person', 'person:account'],
      field_rules: [],
      data_scope: 'own',
      data_departments: [],
      model_scopes: [],
    });
    await waitUntil(() => container.querySelector('[data-testid="role-permissions-dirty"]') === null);
  });

  it('disables enterprise-only resources for an agency role', async () => {
    const container = await renderRolesPage();
    await waitUntil(() => container.querySelector('[data-testid="role-name-clerk"]') !== null);
    const agency = [...byTestId(container, 'role-platform-switch').querySelectorAll('label')].find(
      (label) => label.textContent === zh['adminRole.platform.2'],
    );
    await click(agency as HTMLElement);
    await openRole(container, 'agent_role');
    expect(resourceNode(container, 'person')).toMatchObject({ checked: false, disabled: true });
    expect(resourceNode(container, 'person:account')).toMatchObject({ checked: false, disabled: true });
    expect(resourceNode(container, 'patent:create')).toMatchObject({ disabled: false });
  });

  it('saves field rules and data scopes with the function permissions', async () => {
    const container = await renderRolesPage();
    await openRole(container, 'clerk');
    const tab = (label: string) =>
      [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find(
        (one) => one.textContent === label,
      ) as HTMLElement;

    await click(tab(zh['adminRole.tab.field']));
    await waitUntil(() => container.querySelector('[data-testid="role-field-title"]') !== null);
    expect(container.querySelector('[data-testid="role-field-sid"]')).toBeNull();
    const hidden = byTestId(container, 'role-field-title').querySelector<HTMLInputElement>('input[value="hidden"]');
    await click(hidden as HTMLInputElement);

    await click(tab(zh['adminRole.tab.data']));
    await waitUntil(() => container.querySelector('[data-testid="role-data-scope"]') !== null);
    const departments = byTestId(container, 'role-data-scope').querySelector<HTMLInputElement>(
      'input[value="departments"]',
    );
    await click(departments as HTMLInputElement);
    // "Specified departments" without a department is not sent.
    await click(byTestId(container, 'role-permissions-save'));
    await settle();
    expect(savedBodies()).toHaveLength(0);
    expect(container.textContent).toContain(zh['adminRole.departmentsRequired']);

    const company = byTestId(container, 'role-data-scope').querySelector<HTMLInputElement>('input[value="company"]');
    await click(company as HTMLInputElement);
    await click(byTestId(container, 'role-permissions-save'));
    await waitUntil(() => savedBodies().length === 1);
    expect(savedBodies()[0]).toMatchObject({
      version: 3,
      resources: ['patent'],
      field_rules: [{ model: 'patent', field: 'title', access: 'hidden' }],
      data_scope: 'company',
      data_departments: [],
    });
  });

  it('reloads the permissions when the version is stale', async () => {
    saveAnswer = 'conflict';
    const container = await renderRolesPage();
    await openRole(container, 'clerk');
    const reads = () => page.server.received.filter((request) => request.url.includes('/do/permissions/')).length;
    expect(reads()).toBe(1);
    await click(resourceNode(container, 'patent:create').box);
    await click(byTestId(container, 'role-permissions-save'));
    await waitUntil(() => document.body.textContent?.includes(zh['adminRole.permissionsConflict']) ?? false);
    await waitUntil(() => reads() === 2);
    await waitUntil(() => container.querySelector('[data-testid="role-permissions-dirty"]') === null);
    expect(resourceNode(container, 'patent:create').checked).toBe(false);
  });

  it('shows the server’s words when a role in use cannot be deleted', async () => {
    const container = await renderRolesPage();
    await waitUntil(() => container.querySelector('[data-testid="role-delete-clerk"]') !== null);
    await click(byTestId(container, 'role-delete-clerk'));
    await waitUntil(() => document.querySelector('[data-testid="role-delete-ok"]') !== null);
    await click(byTestId(document.body, 'role-delete-ok'));
    await waitUntil(() => document.body.textContent?.includes('角色已分配给 2 个用户，不能删除') ?? false);
  });
});
