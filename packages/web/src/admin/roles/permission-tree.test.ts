import { describe, expect, it } from 'vitest';
import type { AuthorizationLevel, ResourceType } from '@ipdesk/core';
import type { ResourceNode } from '../../api/roles';
import { filterResourceTree } from './FunctionPermissions';
import {
  allGrantable,
  descendantCodes,
  droppedResources,
  indexResources,
  resourcePayload,
  resourceState,
  shownChecked,
  toggleResource,
} from './permission-tree';

function node(
  code: string,
  level: AuthorizationLevel,
  children: ResourceNode[] = [],
  type: ResourceType = children.length > 0 ? 'menu' : 'button',
): ResourceNode {
  return { code, type, parent: null, name: code.toUpperCase(), level, sort: 0, children };
}

// A product tree with every authorization level (spec §3): home is open, patents are shared with
// agencies, people are enterprise-only, system settings are for system administrators only.
const TREE: ResourceNode[] = [
  node('home', 'open', [], 'menu'),
  node('patent', 'system', [node('patent:create', 'system'), node('patent:export', 'system')]),
  node('person', 'no_share', [node('person:create', 'no_share'), node('person:account', 'no_share')]),
  node('system.settings', 'system_no_share', [], 'menu'),
  node('project', 'system', [node('project:tab', 'system', [node('project:tab:export', 'system')], 'tab')]),
];
const index = indexResources(TREE);

describe('which resources a role can be granted', () => {
  it('follows grantable() from core for each platform', () => {
    const states = (platform: 1 | 2) =>
      Object.fromEntries(
        index.order.map((code) => [code, resourceState(index.nodes.get(code) as ResourceNode, platform)]),
      );
    expect(states(1)).toMatchObject({
      home: 'open',
      patent: 'grantable',
      'patent:create': 'grantable',
      person: 'grantable',
      'person:account': 'grantable',
      'system.settings': 'systemOnly',
    });
    expect(states(2)).toMatchObject({
      home: 'open',
      patent: 'grantable',
      person: 'enterpriseOnly',
      'person:account': 'enterpriseOnly',
      'system.settings': 'systemOnly',
    });
  });

  it('shows open resources ticked for every role, and never the ones it cannot hold', () => {
    expect(shownChecked(new Set(), index, 1)).toEqual(['home']);
    expect(shownChecked(new Set(['person', 'system.settings', 'patent']), index, 2)).toEqual(['home', 'patent']);
    expect(shownChecked(new Set(['person', 'patent']), index, 1)).toEqual(['home', 'patent', 'person']);
  });

  it('"select all" takes every grantable resource of the platform', () => {
    expect([...allGrantable(index, 2)]).toEqual([
      'patent',
      'patent:create',
      'patent:export',
      'project',
      'project:tab',
      'project:tab:export',
    ]);
    expect(allGrantable(index, 1).has('person:account')).toBe(true);
    expect(allGrantable(index, 1).has('home')).toBe(false);
    expect(allGrantable(index, 1).has('system.settings')).toBe(false);
  });
});

describe('ticking and unticking', () => {
  it('ticking a button ticks its menu (all the way up)', () => {
    expect([...toggleResource(new Set(), 'patent:create', true, index, 1)].sort()).toEqual(['patent', 'patent:create']);
    expect([...toggleResource(new Set(), 'project:tab:export', true, index, 1)].sort()).toEqual([
      'project',
      'project:tab',
      'project:tab:export',
    ]);
  });

  it('unticking a menu unticks everything below it; unticking a button leaves its menu', () => {
    const all = new Set(['project', 'project:tab', 'project:tab:export', 'patent', 'patent:create']);
    expect([...toggleResource(all, 'project', false, index, 1)].sort()).toEqual(['patent', 'patent:create']);
    expect([...toggleResource(all, 'patent:create', false, index, 1)].sort()).toEqual([
      'patent',
      'project',
      'project:tab',
      'project:tab:export',
    ]);
    expect(descendantCodes(index, 'project').sort()).toEqual(['project:tab', 'project:tab:export']);
  });

  it('does nothing for resources the role cannot be granted', () => {
    expect([...toggleResource(new Set(), 'person:create', true, index, 2)]).toEqual([]);
    expect([...toggleResource(new Set(), 'system.settings', true, index, 1)]).toEqual([]);
    expect([...toggleResource(new Set(), 'home', true, index, 1)]).toEqual([]);
    expect([...toggleResource(new Set(), 'unknown', true, index, 1)]).toEqual([]);
  });
});

describe('the saved resources', () => {
  it('are the ticked, known and grantable ones in the tree order', () => {
    const ticked = new Set(['patent:export', 'home', 'person', 'system.settings', 'gone', 'patent']);
    expect(resourcePayload(ticked, index, 1)).toEqual(['patent', 'patent:export', 'person']);
    expect(resourcePayload(ticked, index, 2)).toEqual(['patent', 'patent:export']);
  });

  it('warns about held resources that saving would drop', () => {
    expect(droppedResources(['patent', 'person', 'gone'], index, 2)).toEqual(['person', 'gone']);
    expect(droppedResources(['patent', 'person'], index, 1)).toEqual([]);
  });
});

describe('filtering the tree', () => {
  it('keeps matching nodes with the menus above them', () => {
    const filtered = filterResourceTree(TREE, 'EXPORT');
    expect(filtered.map((n) => n.code)).toEqual(['patent', 'project']);
    expect(filtered[0]?.children?.map((n) => n.code)).toEqual(['patent:export']);
    expect(filterResourceTree(TREE, ' ')).toHaveLength(TREE.length);
  });
});
