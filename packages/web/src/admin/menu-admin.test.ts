// The menu administration rules: move buttons (first / last among siblings), adding children (not
// under a bound menu, not below level 3), deleting (not with children), what the form sends, and the
// resource catalogue's search.
import { describe, expect, it } from 'vitest';
import type { MenuRow, ResourceTreeNode } from '../api/menus';
import {
  addChildProblem,
  childLevel,
  deleteProblem,
  filterResources,
  menuFieldsOf,
  moveProblem,
  normalizeMenuTree,
  resourcesByType,
  siblingPositions,
  suggestedPath,
} from './menu-admin';

function row(sid: string, extra: Partial<MenuRow> = {}, children: MenuRow[] = []): MenuRow {
  return {
    sid,
    parent_sid: null,
    level: 1,
    name: sid,
    name_zh: sid,
    name_en: sid,
    resource_code: null,
    path: null,
    open_type: 'self',
    icon: null,
    scope: 0,
    sort_by: 0,
    status: 1,
    version: 1,
    ...extra,
    children,
  };
}

const TREE = normalizeMenuTree([
  row('home', { resource_code: 'home', path: '/' }),
  row('system', {}, [
    row('org', { level: 2, parent_sid: 'system', resource_code: 'system.org' }),
    row('menus', { level: 2, parent_sid: 'system', resource_code: 'system.menus' }),
    row('more', { level: 2, parent_sid: 'system' }, [row('only', { level: 3, parent_sid: 'more' })]),
  ]),
]);

describe('move buttons', () => {
  const positions = siblingPositions(TREE);
  it.each([
    ['home', 'up', 'first'],
    ['home', 'down', undefined],
    ['system', 'up', undefined],
    ['system', 'down', 'last'],
    ['org', 'up', 'first'],
    ['menus', 'up', undefined],
    ['menus', 'down', undefined],
    ['more', 'down', 'last'],
    ['only', 'up', 'first'],
    ['only', 'down', 'last'],
  ] as const)('%s %s → %s', (sid, direction, problem) => {
    expect(moveProblem(positions, sid, direction)).toBe(problem);
  });
});

describe('adding children and deleting', () => {
  it('refuses a child under a bound menu and below level 3', () => {
    expect(addChildProblem(row('x', { resource_code: 'patent' }))).toBe('bound');
    expect(addChildProblem(row('x'))).toBeUndefined();
    expect(addChildProblem(row('x', { level: 3 }))).toBeUndefined();
    expect(addChildProblem(row('x', { level: 4 }))).toBe('deepest');
    expect(childLevel(null)).toBe(1);
    expect(childLevel(row('x', { level: 3 }))).toBe(4);
  });

  it('refuses to delete a menu with children', () => {
    expect(deleteProblem(TREE[1]!)).toBe('children');
    expect(deleteProblem(TREE[0]!)).toBeUndefined();
    expect(TREE[0]!.children).toBeUndefined();
  });
});

describe('the menu form', () => {
  it('trims names and sends a blank path or no choice as null', () => {
    expect(
      menuFieldsOf({
        name_zh: ' 专利 ',
        name_en: ' Patents ',
        resource_code: undefined,
        path: '  ',
        open_type: 'blank',
        icon: undefined,
        scope: 2,
        enabled: false,
      }),
    ).toEqual({
      name_zh: '专利',
      name_en: 'Patents',
      resource_code: null,
      path: null,
      open_type: 'blank',
      icon: null,
      scope: 2,
      status: 0,
    });
  });

  it('suggests the usual page of a resource', () => {
    expect(suggestedPath('system.menus')).toBe('/admin/menus');
    expect(suggestedPath('trademarks')).toBe('/model/trademarks');
    expect(suggestedPath('patent:create')).toBeUndefined();
  });
});

describe('the resource catalogue', () => {
  const node = (code: string, type: ResourceTreeNode['type'], name: string, children?: ResourceTreeNode[]) => ({
    code,
    type,
    parent: null,
    name,
    level: 'system' as const,
    sort: 1,
    endpoints: [],
    ...(children && { children }),
  });
  const tree: ResourceTreeNode[] = [
    node('patent', 'menu', 'Patents', [node('patent:create', 'button', 'Create patents')]),
    node('system.org', 'menu', 'Organisation'),
  ];

  it('finds names and codes, keeping the parents of matches', () => {
    expect(filterResources(tree, 'CREATE').map((n) => [n.code, n.children?.map((c) => c.code)])).toEqual([
      ['patent', ['patent:create']],
    ]);
    expect(filterResources(tree, 'system.').map((n) => n.code)).toEqual(['system.org']);
  });

  it('groups the picker by type, menus first', () => {
    expect(resourcesByType(tree).map(([type, list]) => [type, list.map((n) => n.code)])).toEqual([
      ['menu', ['patent', 'system.org']],
      ['button', ['patent:create']],
    ]);
  });
});
