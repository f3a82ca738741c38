import { describe, expect, it } from 'vitest';
import type { FieldRule, ResourceNode, RolePermissions } from '../../api/roles';
import {
  addModelScope,
  fieldChoice,
  isDraftChanged,
  missingDepartments,
  permissionsPayload,
  removeModelScope,
  ruleCounts,
  setFieldChoice,
  setModelFieldChoice,
  toDraft,
  updateModelScope,
} from './permission-draft';
import { indexResources } from './permission-tree';
import { roleListIql } from './role-query';
import { accountHolderIql, accountModelOf, accountsIql } from './UserSearchSelect';

const saved: RolePermissions = {
  sid: 'R1',
  version: 4,
  resources: ['patent', 'person'],
  field_rules: [{ model: 'patent', field: 'title', access: 'read_only' }],
  data_scope: 'own',
  data_departments: [],
  model_scopes: [],
};

describe('field rules', () => {
  const rules: FieldRule[] = [
    { model: 'patent', field: 'title', access: 'read_only' },
    { model: 'patent', field: 'sn', access: 'hidden' },
    { model: 'person', field: 'mobile', access: 'hidden' },
  ];

  it('a field without a rule has full access', () => {
    expect(fieldChoice(rules, 'patent', 'title')).toBe('read_only');
    expect(fieldChoice(rules, 'patent', 'sn')).toBe('hidden');
    expect(fieldChoice(rules, 'patent', 'filing_date')).toBe('full');
    expect(fieldChoice(rules, 'trademarks', 'title')).toBe('full');
  });

  it('setting a choice replaces the field’s rule; full access removes it', () => {
    const hidden = setFieldChoice(rules, 'patent', 'title', 'hidden');
    expect(fieldChoice(hidden, 'patent', 'title')).toBe('hidden');
    expect(hidden.filter((rule) => rule.model === 'patent' && rule.field === 'title')).toHaveLength(1);
    const full = setFieldChoice(rules, 'patent', 'title', 'full');
    expect(full).toEqual([
      { model: 'patent', field: 'sn', access: 'hidden' },
      { model: 'person', field: 'mobile', access: 'hidden' },
    ]);
    expect(rules).toHaveLength(3);
  });

  it('sets every listed field of one model at once, leaving other models alone', () => {
    const all = setModelFieldChoice(rules, 'patent', ['title', 'sn', 'filing_date'], 'read_only');
    expect(
      all
        .filter((rule) => rule.model === 'patent')
        .map((rule) => `${rule.field}:${rule.access}`)
        .sort(),
    ).toEqual(['filing_date:read_only', 'sn:read_only', 'title:read_only']);
    expect(setModelFieldChoice(rules, 'patent', ['title', 'sn'], 'full')).toEqual([
      { model: 'person', field: 'mobile', access: 'hidden' },
    ]);
  });

  it('counts the rules per model', () => {
    expect(Object.fromEntries(ruleCounts(rules))).toEqual({ patent: 2, person: 1 });
  });
});

describe('data scopes', () => {
  it('adds a model once, changes and removes it', () => {
    const one = addModelScope([], 'patent', 'company');
    expect(one).toEqual([{ model: 'patent', scope: 'company', department_sids: [] }]);
    expect(addModelScope(one, 'patent', 'all')).toEqual(one);
    const changed = updateModelScope(one, 'patent', { scope: 'departments', department_sids: ['D1'] });
    expect(changed).toEqual([{ model: 'patent', scope: 'departments', department_sids: ['D1'] }]);
    expect(removeModelScope(changed, 'patent')).toEqual([]);
  });

  it('finds "specified departments" without any department', () => {
    expect(
      missingDepartments({
        data_scope: 'departments',
        data_departments: [],
        model_scopes: [
          { model: 'patent', scope: 'departments', department_sids: [] },
          { model: 'project', scope: 'departments', department_sids: ['D1'] },
          { model: 'person', scope: 'own', department_sids: [] },
        ],
      }),
    ).toEqual(['default', 'patent']);
    expect(missingDepartments({ data_scope: 'all', data_departments: [], model_scopes: [] })).toEqual([]);
  });
});

describe('the saved permission set', () => {
  const tree: ResourceNode[] = [
    { code: 'home', type: 'menu', parent: null, name: 'Home', level: 'open', sort: 1 },
    {
      code: 'patent',
      type: 'menu',
      parent: null,
      name: 'Patents',
      level: 'system',
      sort: 2,
      children: [{ code: 'patent:create', type: 'button', parent: 'patent', name: 'New', level: 'system', sort: 1 }],
    },
    { code: 'person', type: 'menu', parent: null, name: 'People', level: 'no_share', sort: 3 },
  ];
  const index = indexResources(tree);

  it('sends everything with the version, grantable resources only, departments only where specified', () => {
    const draft = {
      ...toDraft(saved),
      resources: new Set(['home', 'patent:create', 'patent', 'person']),
      data_scope: 'company' as const,
      data_departments: ['D9'],
      model_scopes: [
        { model: 'patent', scope: 'departments' as const, department_sids: ['D1', 'D2'] },
        { model: 'project', scope: 'all' as const, department_sids: ['D3'] },
      ],
    };
    expect(permissionsPayload('R1', 4, draft, index, 2)).toEqual({
      sid: 'R1',
      version: 4,
      resources: ['patent', 'patent:create'],
      field_rules: [{ model: 'patent', field: 'title', access: 'read_only' }],
      data_scope: 'company',
      data_departments: [],
      model_scopes: [
        { model: 'patent', scope: 'departments', department_sids: ['D1', 'D2'] },
        { model: 'project', scope: 'all', department_sids: [] },
      ],
    });
    expect(permissionsPayload('R1', 4, draft, index, 1).resources).toEqual(['patent', 'patent:create', 'person']);
    expect(permissionsPayload('R1', 4, { ...draft, data_scope: 'departments' }, index, 1).data_departments).toEqual([
      'D9',
    ]);
  });

  it('a draft is changed only when its content differs, whatever the order', () => {
    const base = toDraft(saved);
    expect(isDraftChanged(base, { ...base, resources: new Set(['person', 'patent']) })).toBe(false);
    expect(isDraftChanged(base, { ...base, resources: new Set(['patent']) })).toBe(true);
    expect(isDraftChanged(base, { ...base, field_rules: [] })).toBe(true);
    expect(isDraftChanged(base, { ...base, data_scope: 'all' })).toBe(true);
    // Departments mean nothing unless the scope is "specified departments".
    expect(isDraftChanged(base, { ...base, data_departments: ['D1'] })).toBe(false);
  });
});

describe('queries', () => {
  it('the role list filters by platform, matches name or code, and orders by weight', () => {
    expect(roleListIql(1, '')).toBe('platform = 1 ORDER BY weight ASC, name ASC');
    expect(roleListIql(2, " O'Neil ")).toBe(
      "platform = 2 AND (name CONTAINS 'O''Neil' OR code CONTAINS 'O''Neil') ORDER BY weight ASC, name ASC",
    );
  });

  it('users are searched among people with an account of the role’s platform', () => {
    expect(accountModelOf(1)).toBe('person');
    expect(accountModelOf(2)).toBe('agent');
    expect(accountHolderIql('')).toBe('account_user IS NOT NULL');
    expect(accountHolderIql('张')).toBe("MATCH '张' AND account_user IS NOT NULL");
    expect(accountsIql(['U1', 'U2'])).toBe("account_user IN ('U1', 'U2')");
  });
});
