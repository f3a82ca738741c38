// The organisation page rendered with the real App against a local HTTP server playing {webapi}: the
// company tree from a flat list (children listed before parents), the selected company's departments,
// a refused delete showing the server's words, and configuration pack jobs polled until they finish.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ConfigJob } from '../../api/config-packs';
import type { CompanyRow, DepartmentNode } from '../../api/org';
import { AntdFrame } from '../../app/AntdFrame';
import { App } from '../../app/App';
import { endSession } from '../../session/store';
import { sendJson, type ReceivedRequest, type Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY } from '../../testing/page-test';
import { byTestId, click } from '../../testing/render';
import { OrgPage } from './OrgPage';
import { settleFor, waitUntil } from '../../testing/wait';

const zh = messages['zh-CN'];
const ROOT = 'CompanyRoot00001';
const CHILD = 'CompanyChild0001';
const GRAND = 'CompanyGrand0001';
const OTHER = 'CompanyOther0001';

let cleanup: (() => void) | undefined;

function company(sid: string, name: string, parent: string | null, sort = 0): CompanyRow {
  return {
    sid,
    path: '',
    company_name: name,
    simple_name: null,
    parent_sid: parent,
    status: 1,
    sort_by: sort,
    cname_capital: null,
    version: 1,
  };
}

// Children before their parents, as a list ordered by sort number may give them.
const COMPANIES = [
  company(GRAND, '一院一所', CHILD),
  company(CHILD, '一院', ROOT, 1),
  company(OTHER, '二院', ROOT, 2),
  company(ROOT, '总院', null),
];

function department(sid: string, name: string, parent: string | null, children: DepartmentNode[] = []): DepartmentNode {
  return {
    sid,
    company_sid: ROOT,
    parent_sid: parent,
    path: '',
    name,
    name_en: null,
    code: null,
    status: 1,
    sort_by: 0,
    leader_sid: null,
    version: 1,
    children,
  };
}

const DEPARTMENTS = [
  department('Dept000000000001', '研发部', null, [department('Dept000000000002', '电池组', 'Dept000000000001')]),
];

let jobReads = 0;
function jobs(): ConfigJob[] {
  jobReads += 1;
  const base = {
    pack_sid: 'Pack000000000001',
    pack_name: '标准配置',
    company_sid: ROOT,
    created_at: '2024-05-01T08:00:00Z',
    started_at: null,
    finished_at: null,
  };
  return [
    jobReads === 1
      ? { ...base, sid: 'Job0000000000001', status: 'in_progress', progress: 3, total: 8, error: null }
      : { ...base, sid: 'Job0000000000001', status: 'completed', progress: 8, total: 8, error: null },
    { ...base, sid: 'Job0000000000000', status: 'failed', progress: 1, total: 8, error: '角色 clerk 的资源未知' },
  ];
}

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/webapi/model/user_info/do/my')
    return answer({ sid: 'User000000000001', account: 'admin', name: '管理员', is_tenant_admin: true, companys: [] })(
      request,
      response,
    );
  if (path === '/webapi/company/do/list')
    return answer({ rows: COMPANIES, total: COMPANIES.length })(request, response);
  if (path === '/webapi/department/do/tree')
    return answer(request.url.includes(`company_sid=${ROOT}`) ? DEPARTMENTS : [])(request, response);
  if (path.startsWith('/webapi/company/do/delete/'))
    return sendJson(409, { code: 409308, message: '公司下还有下级公司、部门或用户，不能删除', request_id: 'd' })(
      request,
      response,
    );
  if (path === '/webapi/config_pack/do/list')
    return answer([
      {
        sid: 'Pack000000000001',
        name: '标准配置',
        summary: { roles: 2, dictionaries: 1, custom_fields: 3, menus: 4 },
        updated_at: '2024-05-01T08:00:00Z',
      },
    ])(request, response);
  if (path === '/webapi/config_pack/do/jobs') return answer(jobs())(request, response);
  if (path === '/webapi/model/person/do/search') return answer({ rows: [] })(request, response);
  return notFound(request, response);
}

async function renderOrgPage(): Promise<HTMLElement> {
  const router = createMemoryRouter(
    // Inside antd's frame, as in the app's routes.
    [{ element: <AntdFrame />, children: [{ path: '/admin/org', element: <OrgPage /> }] }],
    { initialEntries: ['/admin/org'] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<App router={router} />));
  cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  await waitUntil(() => container.querySelector(`[data-testid="company-node-${ROOT}"]`) !== null);
  return container;
}

/** The company names in the tree, in order, each indented by its depth. */
function treeOutline(container: HTMLElement): string[] {
  const nodes = [...container.querySelectorAll('.ant-tree-treenode')].filter(
    (node) => node.querySelector('[data-testid^="company-node-"]') !== null,
  );
  return nodes.map((node) => {
    const depth = node.querySelectorAll('.ant-tree-indent-unit').length;
    return `${'  '.repeat(depth)}${node.querySelector('[data-testid^="company-node-"]')?.textContent ?? ''}`;
  });
}

const page = pageTest(webapi, { companies: [{ ...TEST_COMPANY, sid: ROOT, path: `/${ROOT}/` }] });
beforeEach(() => {
  jobReads = 0;
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  endSession();
  document.body.innerHTML = '';
});

describe('the organisation page', { timeout: 30_000 }, () => {
  it('builds the company tree from the flat list and shows the first company with its departments', async () => {
    const container = await renderOrgPage();
    expect(treeOutline(container)).toEqual(['总院', '  一院', '    一院一所', '  二院']);
    expect(byTestId(container, 'company-title').textContent).toBe('总院');
    await waitUntil(() => container.querySelector('[data-testid="department-name-Dept000000000002"]') !== null);
    expect(byTestId(container, 'department-name-Dept000000000001').textContent).toBe('研发部');
    // The root company cannot be moved or deleted; a sub-company can.
    expect(container.querySelector('[data-testid="company-move"]')).toBeNull();
    await click(byTestId(container, `company-node-${CHILD}`));
    await waitUntil(() => byTestId(container, 'company-title').textContent === '一院');
    expect(container.querySelector('[data-testid="company-move"]')).not.toBeNull();
  });

  it('shows the server’s words when a company that is not empty cannot be deleted', async () => {
    const container = await renderOrgPage();
    await click(byTestId(container, `company-node-${CHILD}`));
    await waitUntil(() => container.querySelector('[data-testid="company-delete"]') !== null);
    await click(byTestId(container, 'company-delete'));
    const ok = await (async () => {
      await waitUntil(() => document.querySelector('.ant-modal-confirm .ant-btn-dangerous') !== null);
      return document.querySelector<HTMLElement>('.ant-modal-confirm .ant-btn-dangerous') as HTMLElement;
    })();
    await click(ok);
    await waitUntil(() => document.body.textContent?.includes('公司下还有下级公司、部门或用户，不能删除') ?? false);
    expect(page.server.received.some((request) => request.url === `/webapi/company/do/delete/${CHILD}`)).toBe(true);
  });

  it('polls the company’s pack jobs every 2 s until they have finished, and shows a failed job’s error', async () => {
    const container = await renderOrgPage();
    const packsTab = [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find(
      (tab) => tab.textContent === zh['adminOrg.tab.packs'],
    );
    await click(packsTab as HTMLElement);
    await waitUntil(() => container.querySelector('[data-testid="job-progress-Job0000000000001"]') !== null);
    expect(byTestId(container, 'job-status-Job0000000000001').textContent).toBe(zh['adminOrg.job.inProgress']);
    expect(byTestId(container, 'job-progress-Job0000000000001').textContent).toContain('3/8');
    expect(byTestId(container, 'job-error-Job0000000000000').textContent).toBe('角色 clerk 的资源未知');
    expect(container.querySelector('[data-testid="job-progress-Job0000000000000"]')).toBeNull();
    expect(byTestId(container, 'pack-table').textContent).toContain('2 个角色，1 个数据字典，3 个自定义字段，4 个菜单');

    await waitUntil(
      () => byTestId(container, 'job-status-Job0000000000001').textContent === zh['adminOrg.job.completed'],
    );
    expect(container.querySelector('[data-testid="job-progress-Job0000000000001"]')).toBeNull();
    const readsWhenDone = jobReads;
    await settleFor(2600);
    expect(jobReads).toBe(readsWhenDone);
  });
});
