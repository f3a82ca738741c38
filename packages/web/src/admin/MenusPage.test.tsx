// The menu administration and resource pages with the real App against a real HTTP server playing
// {webapi}: the tree table, which buttons are enabled (move on first / last sibling, add child under a
// bound menu, delete with children), what a move and a new menu send, and the read-only catalogue.
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { MenuRow, MyMenus, ResourceTreeNode } from '../api/menus';
import { forgetMyMenus } from '../session/my-menus';
import { answer, notFound, pageTest } from '../testing/page-test';
import { byTestId, click, typeInto } from '../testing/render';
import { settle, waitUntil } from '../testing/wait';

const zh = messages['zh-CN'];

function row(sid: string, extra: Partial<MenuRow> = {}, children: MenuRow[] = []): MenuRow {
  return {
    sid,
    parent_sid: null,
    level: 1,
    name: `${sid}-zh`,
    name_zh: `${sid}-zh`,
    name_en: `${sid}-en`,
    resource_code: null,
    path: null,
    open_type: 'self',
    icon: null,
    scope: 0,
    sort_by: 0,
    status: 1,
    version: 3,
    ...extra,
    children,
  };
}

const TREE: MenuRow[] = [
  row('Home000000000001', { resource_code: 'home', path: '/', icon: 'home' }),
  row('System0000000001', { icon: 'setting' }, [
    row('Menus00000000001', { level: 2, parent_sid: 'System0000000001', resource_code: 'system.menus' }),
    row('Group00000000001', { level: 2, parent_sid: 'System0000000001' }),
  ]),
];

const resource = (code: string, name: string, extra: Partial<ResourceTreeNode> = {}): ResourceTreeNode => ({
  code,
  type: 'menu',
  parent: null,
  name,
  level: 'no_share',
  sort: 1,
  endpoints: [],
  children: [],
  ...extra,
});
const RESOURCES: ResourceTreeNode[] = [
  resource('home', '首页', { level: 'open' }),
  resource('system.menus', '菜单管理', { endpoints: ['GET /webapi/menu/do/tree', 'POST /webapi/menu/do/move'] }),
  resource('patent', '专利', {
    level: 'system',
    children: [resource('patent:create', '专利新增', { type: 'button', parent: 'patent', level: 'system' })],
  }),
];

const MY_MENUS: MyMenus = { menus: [], resources: ['home', 'system.menus', 'system.resources'] };

const page = pageTest(
  (request, response) => {
    const path = request.url.split('?')[0];
    if (path === '/webapi/menu/do/tree') return answer(TREE)(request, response);
    if (path === '/webapi/resource/do/tree') return answer(RESOURCES)(request, response);
    if (path === '/webapi/menu/do/move') return answer([])(request, response);
    if (path === '/webapi/menu/do/create') return answer(row('New0000000000001'))(request, response);
    return notFound(request, response);
  },
  { companies: [] },
);
beforeEach(() => {
  forgetMyMenus();
  localStorage.setItem('my-menus', JSON.stringify(MY_MENUS));
});

const button = (testId: string) => byTestId<HTMLButtonElement>(document.body, testId);

async function openMenus(): Promise<HTMLElement> {
  const rendered = await page.open('/admin/menus');
  const { container } = rendered;
  await waitUntil(() => container.querySelector('[data-testid="menu-name-Group00000000001"]') !== null);
  await waitUntil(() => page.server.received.some((request) => request.url === '/webapi/resource/do/tree'));
  await settle();
  return container;
}

describe('menu administration', { timeout: 20_000 }, () => {
  it('shows the tree with levels, resources and the sign-in-again notice', async () => {
    const container = await openMenus();
    expect(byTestId(container, 'menus-relogin-notice').textContent).toBe(zh['adminMenu.reloginNotice']);
    const menusRow = container.querySelector('tr[data-row-key="Menus00000000001"]');
    expect(menusRow?.textContent).toContain(zh['adminMenu.level.2']);
    expect(menusRow?.textContent).toContain('system.menus');
    expect(menusRow?.textContent).toContain('菜单管理');
    expect(container.querySelector('tr[data-row-key="System0000000001"]')?.textContent).toContain(
      zh['adminMenu.noResource'],
    );
  });

  it('enables moves, children and deletion by the rules', async () => {
    await openMenus();
    expect(button('menu-move-up-Home000000000001').disabled).toBe(true);
    expect(button('menu-move-down-Home000000000001').disabled).toBe(false);
    expect(button('menu-move-up-System0000000001').disabled).toBe(false);
    expect(button('menu-move-down-System0000000001').disabled).toBe(true);
    expect(button('menu-move-up-Menus00000000001').disabled).toBe(true);
    expect(button('menu-move-down-Group00000000001').disabled).toBe(true);

    expect(button('menu-add-child-Home000000000001').disabled).toBe(true);
    expect(button('menu-add-child-Menus00000000001').disabled).toBe(true);
    expect(button('menu-add-child-Group00000000001').disabled).toBe(false);
    expect(button('menu-delete-System0000000001').disabled).toBe(true);
    expect(button('menu-delete-Group00000000001').disabled).toBe(false);
  });

  it('moves a menu down', async () => {
    await openMenus();
    await click(button('menu-move-down-Home000000000001'));
    await waitUntil(() => page.server.received.some((request) => request.url === '/webapi/menu/do/move'));
    const move = page.server.received.find((request) => request.url === '/webapi/menu/do/move');
    expect(JSON.parse(move?.body ?? '{}')).toEqual({ sid: 'Home000000000001', direction: 'down' });
  });

  it('adds a child menu one level down, with the trimmed fields', async () => {
    await openMenus();
    await click(button('menu-add-child-Group00000000001'));
    await waitUntil(() => document.querySelector('[data-testid="menu-form"]') !== null);
    expect(byTestId(document.body, 'menu-form-level').textContent).toBe(zh['adminMenu.level.3']);
    await typeInto(byTestId<HTMLInputElement>(document.body, 'menu-form-name-zh'), ' 报表 ');
    await typeInto(byTestId<HTMLInputElement>(document.body, 'menu-form-name-en'), 'Reports');
    await typeInto(byTestId<HTMLInputElement>(document.body, 'menu-form-path'), 'not a path');
    await click(button('menu-form-ok'));
    await waitUntil(() => document.body.textContent?.includes(zh['adminMenu.pathPattern']) === true);
    expect(page.server.received.some((request) => request.url === '/webapi/menu/do/create')).toBe(false);

    await typeInto(byTestId<HTMLInputElement>(document.body, 'menu-form-path'), '/model/patent?view=report');
    await click(button('menu-form-ok'));
    await waitUntil(() => page.server.received.some((request) => request.url === '/webapi/menu/do/create'));
    const create = page.server.received.find((request) => request.url === '/webapi/menu/do/create');
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      parent_sid: 'Group00000000001',
      level: 3,
      name_zh: '报表',
      name_en: 'Reports',
      resource_code: null,
      path: '/model/patent?view=report',
      open_type: 'self',
      icon: null,
      scope: 0,
      status: 1,
    });
  });
});

describe('the resource catalogue', { timeout: 20_000 }, () => {
  it('lists resources with their type, level and endpoints, and explains the levels', async () => {
    const rendered = await page.open('/admin/resources');
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="resource-name-patent:create"]') !== null);
    expect(byTestId(container, 'resources-legend').textContent).toContain(zh['adminResource.levelHelp.no_share']);
    expect(byTestId(container, 'resource-endpoints-system.menus').textContent).toContain('POST /webapi/menu/do/move');
    const createRow = container.querySelector('tr[data-row-key="patent:create"]');
    expect(createRow?.textContent).toContain(zh['adminResource.type.button']);
    expect(createRow?.textContent).toContain(zh['adminResource.level.system']);
    expect(byTestId(container, 'resources-count').textContent).toBe(
      zh['adminResource.count'].replace('{{count}}', '4'),
    );

    await typeInto(byTestId<HTMLInputElement>(container, 'resources-search'), 'system.');
    await waitUntil(() => container.querySelector('[data-testid="resource-name-patent"]') === null);
    expect(container.querySelector('[data-testid="resource-name-system.menus"]')).not.toBeNull();
  });
});
