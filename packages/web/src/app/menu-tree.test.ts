// The shell's decisions over the user's menus: names per language, the search filter, the menu resource
// code of a location (longest prefix) and the 403 guard.
import { describe, expect, it } from 'vitest';
import type { MyMenuNode, MyMenus } from '../api/menus';
import type { MyMenusState } from '../session/my-menus';
import {
  filterMenus,
  groupKeys,
  guardDecision,
  menuName,
  menuPathCovers,
  menuResourceCodeFor,
  pageResource,
} from './menu-tree';

function menu(
  sid: string,
  zh: string,
  en: string,
  extra: Partial<MyMenuNode> = {},
  children?: MyMenuNode[],
): MyMenuNode {
  return {
    sid,
    name: zh,
    name_zh: zh,
    name_en: en,
    level: 1,
    resource_code: null,
    path: null,
    open_type: 'self',
    icon: null,
    ...extra,
    ...(children && { children }),
  };
}

const TREE: MyMenuNode[] = [
  menu('home', '首页', 'Home', { resource_code: 'home', path: '/', icon: 'home' }),
  menu('patent', '专利', 'Patents', { resource_code: 'patent', path: '/model/patent', icon: 'patent' }),
  menu('system', '系统设置', 'System settings', { icon: 'setting' }, [
    menu('org', '组织机构', 'Organisation', { level: 2, resource_code: 'system.org', path: '/admin/org' }),
    menu('menus', '菜单管理', 'Menus', { level: 2, resource_code: 'system.menus', path: '/admin/menus' }),
    menu('more', '更多', 'More', { level: 2 }, [
      menu('special', '专利专项', 'Patent specials', {
        level: 3,
        resource_code: 'patent_special',
        path: '/model/patent/special?view=1',
      }),
      menu('wiki', '帮助', 'Help', { level: 3, path: 'https://help.example.com/ipdesk', open_type: 'blank' }),
    ]),
  ]),
];

const names = (nodes: readonly MyMenuNode[]): unknown[] =>
  nodes.map((node) => (node.children ? [node.name_en, names(node.children)] : node.name_en));

describe('menu names', () => {
  it('follow the language, falling back to the other name when one is blank', () => {
    const node = menu('x', '专利', 'Patents');
    expect(menuName(node, 'zh-CN')).toBe('专利');
    expect(menuName(node, 'en')).toBe('Patents');
    expect(menuName({ name_zh: '专利', name_en: ' ' }, 'en')).toBe('专利');
  });
});

describe('menu search', () => {
  it('keeps everything for a blank keyword', () => {
    expect(filterMenus(TREE, '  ', 'en')).toEqual(TREE);
  });

  it('keeps the ancestors of a match, with only the branches that lead to matches', () => {
    expect(names(filterMenus(TREE, 'help', 'en'))).toEqual([['System settings', [['More', ['Help']]]]]);
    expect(names(filterMenus(TREE, 'PATENT', 'en'))).toEqual([
      'Patents',
      ['System settings', [['More', ['Patent specials']]]],
    ]);
  });

  it('keeps the whole group when the group itself matches', () => {
    expect(names(filterMenus(TREE, 'system', 'en'))).toEqual(names([TREE[2]!]));
  });

  it('searches the names of the language shown', () => {
    expect(names(filterMenus(TREE, '菜单', 'zh-CN'))).toEqual([['System settings', ['Menus']]]);
    expect(filterMenus(TREE, '菜单', 'en')).toEqual([]);
  });

  it('lists the groups to open', () => {
    expect(groupKeys(TREE)).toEqual(['system', 'more']);
  });
});

describe('the menu resource code of a location (longest prefix)', () => {
  it.each([
    ['/', 'home'],
    ['/model/patent', 'patent'],
    ['/model/patent/Rec0000000000001/edit', 'patent'],
    ['/model/patent/special', 'patent_special'],
    ['/model/patent/special/Rec0000000000001', 'patent_special'],
    ['/admin/menus', 'system.menus'],
    ['/admin/org/', 'system.org'],
  ])('%s → %s', (pathname, code) => {
    expect(menuResourceCodeFor(TREE, pathname)).toBe(code);
  });

  it.each(['/profile', '/model/patents', '/model/trademarks', '/admin/roles'])('none on %s', (pathname) => {
    expect(menuResourceCodeFor(TREE, pathname)).toBeUndefined();
  });

  it('matches whole path segments, and "/" only itself', () => {
    expect(menuPathCovers('/model/patent', '/model/patent/x')).toBe(true);
    expect(menuPathCovers('/model/patent', '/model/patentx')).toBe(false);
    expect(menuPathCovers('/', '/profile')).toBe(false);
    expect(menuPathCovers('/model/patent?x=1', '/model/patent')).toBe(true);
  });
});

describe('the 403 guard', () => {
  const ready = (resources: string[]): MyMenusState => ({
    status: 'ready',
    menus: { menus: TREE, resources } satisfies MyMenus,
  });

  it('shows a model or administration page only with its resource', () => {
    const state = ready(['home', 'patent', 'system.menus']);
    expect(guardDecision('/model/patent/Rec0000000000001', state)).toBe('allow');
    expect(guardDecision('/admin/menus', state)).toBe('allow');
    expect(guardDecision('/admin/org', state)).toBe('forbid');
    expect(guardDecision('/model/patent/special', state)).toBe('forbid');
  });

  it('uses the model resource, or the default administration resource, for pages without a menu', () => {
    expect(pageResource(TREE, '/model/trademarks/new')).toBe('trademarks');
    expect(pageResource(TREE, '/admin/roles')).toBe('system.roles');
    expect(pageResource(TREE, '/admin/custom-fields')).toBe('system.custom_fields');
    expect(guardDecision('/model/trademarks', ready(['patent']))).toBe('forbid');
    expect(guardDecision('/model/trademarks', ready(['trademarks']))).toBe('allow');
    expect(guardDecision('/admin/roles', ready(['system.roles']))).toBe('allow');
    expect(guardDecision('/admin/roles', ready([]))).toBe('forbid');
  });

  it('keeps the process pages to the workflow resource, the designer too', () => {
    expect(pageResource(TREE, '/workflow/definitions')).toBe('workflow');
    expect(pageResource(TREE, '/workflow/definitions/patent_apply')).toBe('workflow');
    expect(guardDecision('/workflow/definitions/patent_apply', ready(['patent']))).toBe('forbid');
    expect(guardDecision('/workflow/definitions', ready(['workflow']))).toBe('allow');
    // Everyone's own lists need no resource.
    expect(pageResource(TREE, '/workflow/my/todos')).toBeUndefined();
    expect(guardDecision('/workflow/my/todos', ready([]))).toBe('allow');
    expect(guardDecision('/workflow/my', ready([]))).toBe('allow');
  });

  it('leaves unknown models to the 404 of the page, and other pages alone', () => {
    expect(guardDecision('/model/nope', ready([]))).toBe('allow');
    expect(guardDecision('/profile', ready([]))).toBe('allow');
    expect(guardDecision('/', ready([]))).toBe('allow');
  });

  it('waits for the menus, and lets the server decide when they could not be fetched', () => {
    expect(guardDecision('/admin/org', { status: 'loading' })).toBe('wait');
    expect(guardDecision('/admin/org', { status: 'missing' })).toBe('wait');
    expect(guardDecision('/profile', { status: 'loading' })).toBe('allow');
    expect(guardDecision('/admin/org', { status: 'failed', notice: { kind: 'server', text: 'x' } })).toBe('allow');
  });
});
