// The shell's server-driven menu, rendered with the real App against a real HTTP server playing
// {webapi}: the menus come from the "my-menus" cache or are fetched once, show in the current language
// (a switch needs no new fetch), filter with the search box, fold to their icons with the collapse
// button, select the page's entry and open its group as the location changes, the page's calls carry
// the menu resource code of the longest matching menu, and a page whose resource the user lacks goes
// to /403.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { translate } from '@ipdesk/core';
import type { MyMenuNode, MyMenus } from '../api/menus';
import { i18n, switchLanguage } from '../i18n/i18n';
import { forgetMyMenus } from '../session/my-menus';
import { sendJson, type Responder } from '../testing/local-server';
import { answer, notFound, pageTest } from '../testing/page-test';
import { byTestId, click, typeInto } from '../testing/render';
import { waitUntil } from '../testing/wait';

const base = { level: 1, resource_code: null, path: null, open_type: 'self', icon: null } as const;
const node = (sid: string, zh: string, en: string, extra: Partial<MyMenuNode> = {}): MyMenuNode => ({
  ...base,
  sid,
  name: zh,
  name_zh: zh,
  name_en: en,
  ...extra,
});
const MENUS: MyMenus = {
  menus: [
    node('home', '首页', 'Home', { resource_code: 'home', path: '/', icon: 'home' }),
    node('patent', '专利', 'Patents', { resource_code: 'patent', path: '/model/patent', icon: 'patent' }),
    node('system', '系统设置', 'System settings', {
      icon: 'setting',
      children: [
        node('menus', '菜单管理', 'Menus', { level: 2, resource_code: 'system.menus', path: '/admin/menus' }),
        node('help', '帮助中心', 'Help centre', {
          level: 2,
          path: 'https://help.example.com/',
          open_type: 'blank',
        }),
      ],
    }),
  ],
  resources: ['home', 'patent', 'system.menus'],
};

let myMenusAnswer: Responder;

const page = pageTest((request, response) => {
  const path = request.url.split('?')[0];
  if (path === '/webapi/menu/do/my') return myMenusAnswer(request, response);
  if (path === '/webapi/menu/do/tree') return answer([])(request, response);
  if (path === '/webapi/resource/do/tree') return answer([])(request, response);
  return notFound(request, response);
});
beforeEach(async () => {
  myMenusAnswer = answer(MENUS);
  forgetMyMenus();
  await act(async () => i18n.changeLanguage('zh-CN'));
});

const menuFetches = () => page.sent('/webapi/menu/do/my').length;
const menuText = (container: HTMLElement) => container.querySelector('.ant-layout-sider')?.textContent ?? '';

describe('the shell menu', { timeout: 20_000 }, () => {
  it('fetches the menus once when the cache is missing, caches them and shows them', async () => {
    const rendered = await page.open('/profile');
    const { container } = rendered;
    await waitUntil(() => menuText(container).includes('专利'));
    expect(menuFetches()).toBe(1);
    expect(JSON.parse(localStorage.getItem('my-menus') ?? 'null')).toEqual(MENUS);
    expect(menuText(container)).toContain('系统设置');
  });

  it('uses the cache without fetching, and switches the names with the language', async () => {
    localStorage.setItem('my-menus', JSON.stringify(MENUS));
    const rendered = await page.open('/profile');
    const { container } = rendered;
    await waitUntil(() => menuText(container).includes('专利'));
    await act(async () => switchLanguage('en'));
    await waitUntil(() => menuText(container).includes('Patents'));
    expect(menuText(container)).not.toContain('专利');
    expect(menuFetches()).toBe(0);
    await act(async () => switchLanguage('zh-CN'));
  });

  it('links to other sites in a new window', async () => {
    localStorage.setItem('my-menus', JSON.stringify(MENUS));
    const rendered = await page.open('/profile');
    const { container } = rendered;
    await typeInto(byTestId<HTMLInputElement>(container, 'menu-search'), '帮助');
    await waitUntil(() => container.querySelector('a[href="https://help.example.com/"]') !== null);
    const link = container.querySelector<HTMLAnchorElement>('a[href="https://help.example.com/"]');
    expect(link?.target).toBe('_blank');
    expect(link?.rel).toBe('noopener noreferrer');
  });

  it('filters the menu by name, keeping the parents of matches', async () => {
    localStorage.setItem('my-menus', JSON.stringify(MENUS));
    const rendered = await page.open('/profile');
    const { container } = rendered;
    await waitUntil(() => menuText(container).includes('专利'));
    await typeInto(byTestId<HTMLInputElement>(container, 'menu-search'), '菜单');
    await waitUntil(() => !menuText(container).includes('专利'));
    expect(menuText(container)).toContain('系统设置');
    expect(menuText(container)).toContain('菜单管理');
    await typeInto(byTestId<HTMLInputElement>(container, 'menu-search'), 'nothing-like-it');
    await waitUntil(() => container.querySelector('[data-testid="menu-no-match"]') !== null);
  });

  it('folds the menu to its icons and back: the search box hides, the entries stay', async () => {
    localStorage.setItem('my-menus', JSON.stringify(MENUS));
    const { container } = await page.open('/profile');
    await waitUntil(() => menuText(container).includes('专利'));
    const sider = () => container.querySelector('.ant-layout-sider');
    const nav = container.querySelector('nav');
    expect(nav?.getAttribute('aria-label')).toBe(translate('zh-CN', 'navMenu.label'));
    const toggle = byTestId(container, 'shell-collapse');
    expect(toggle.getAttribute('aria-label')).toBe(translate('zh-CN', 'navMenu.collapse'));

    await click(toggle);
    await waitUntil(() => container.querySelector('[data-testid="menu-search"]') === null);
    expect(sider()?.classList.contains('ant-layout-sider-collapsed')).toBe(true);
    expect(toggle.getAttribute('aria-label')).toBe(translate('zh-CN', 'navMenu.expand'));
    expect(sider()?.querySelector('a[href="/model/patent"]')).not.toBeNull();
    expect(sider()?.querySelector('[role="menuitem"] .anticon-setting')).not.toBeNull();

    await click(toggle);
    await waitUntil(() => container.querySelector('[data-testid="menu-search"]') !== null);
    expect(sider()?.classList.contains('ant-layout-sider-collapsed')).toBe(false);
    expect(toggle.getAttribute('aria-label')).toBe(translate('zh-CN', 'navMenu.collapse'));
  });

  it("selects the page's entry and opens its group, following the location", async () => {
    localStorage.setItem('my-menus', JSON.stringify(MENUS));
    const { container, router } = await page.open('/admin/menus');
    const selected = () => container.querySelector('.ant-menu-item-selected')?.textContent ?? '';
    const openGroups = () =>
      [...container.querySelectorAll('.ant-menu-submenu-open > .ant-menu-submenu-title')].map((g) => g.textContent);
    await waitUntil(() => selected() === '菜单管理');
    expect(openGroups()).toEqual(['系统设置']);

    // The user may close the group; it stays closed while they work outside it.
    await click(container.querySelector<HTMLElement>('.ant-menu-submenu-title')!);
    await waitUntil(() => openGroups().length === 0);
    await act(async () => router.navigate('/model/patent'));
    await waitUntil(() => selected() === '专利');
    expect(openGroups()).toEqual([]);

    // Outside the menu nothing is selected; back on a page in the group, it opens again.
    await act(async () => router.navigate('/profile'));
    await waitUntil(() => selected() === '');
    await act(async () => router.navigate('/admin/menus'));
    await waitUntil(() => selected() === '菜单管理');
    expect(openGroups()).toEqual(['系统设置']);
  });

  it('shows a failed fetch with a retry', async () => {
    myMenusAnswer = sendJson(500, { code: 500000, message: '服务异常', request_id: 'x' });
    const rendered = await page.open('/profile');
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="menu-load-failed"]') !== null);
    expect(byTestId(container, 'menu-load-failed').textContent).toContain('服务异常');
    myMenusAnswer = answer(MENUS);
    await act(async () => byTestId(container, 'menu-retry').click());
    await waitUntil(() => menuText(container).includes('专利'));
    expect(menuFetches()).toBe(2);
  });
});

describe('the menu resource code and the guard', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.setItem('my-menus', JSON.stringify(MENUS)));

  const headerOf = (url: string) =>
    page.server.received.find((request) => request.url.startsWith(url))?.headers['x-menu-resource-code'];

  it('sends the code of the longest matching menu, and none outside the menu', async () => {
    const list = await page.open('/model/patent');
    // The list asks for its schema, columns and saved views together: all three are in before the page is
    // left, so none of them can arrive after the count below starts (they carry the list's menu code).
    const config = '/webapi/model/user_define_config/do';
    const listCalls = ['/webapi/model/patent/do/schema', `${config}/search_header`, `${config}/search`];
    await waitUntil(() => listCalls.every((path) => page.sent(path).length > 0));
    for (const path of listCalls) expect(page.sent(path)[0]?.headers['x-menu-resource-code']).toBe('patent');
    list.unmount();
    page.server.received.length = 0;

    await page.open('/profile');
    await waitUntil(() =>
      page.server.received.some((request) => request.url.startsWith('/webapi/model/user_info/do/my')),
    );
    expect(page.server.received.every((request) => request.headers['x-menu-resource-code'] === undefined)).toBe(true);
  });

  it('shows an administration page whose resource is held', async () => {
    const rendered = await page.open('/admin/menus');
    const { container, router } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="menus-page"]') !== null);
    expect(router.state.location.pathname).toBe('/admin/menus');
    const sent = (url: string) => page.server.received.some((request) => request.url === url);
    await waitUntil(() => sent('/webapi/menu/do/tree') && sent('/webapi/resource/do/tree'));
    expect(headerOf('/webapi/menu/do/tree')).toBe('system.menus');
  });

  it.each(['/admin/resources', '/model/trademarks/new'])('sends %s to /403 without its resource', async (path) => {
    const rendered = await page.open(path);
    const { router } = rendered;
    await waitUntil(() => router.state.location.pathname === '/403');
    expect(page.server.received.some((request) => request.url.startsWith('/webapi/resource/'))).toBe(false);
  });
});
