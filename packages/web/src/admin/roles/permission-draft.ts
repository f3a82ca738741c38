// The permission set being edited on the role page: function permissions (resource codes), field rules
// (deny-only: a field without a rule is fully accessible), the default data scope and per-model
// overrides. The tabs edit one draft; saving sends all of it (the server replaces the whole set under
// the role's version). Pure functions over immutable values.
import type { DataScope, FieldAccess, RolePlatform } from '@ipdesk/core';
import type { FieldRule, ModelScope, RolePermissions } from '../../api/roles';
import { resourcePayload, type ResourceIndex } from './permission-tree';

export interface PermissionDraft {
  resources: ReadonlySet<string>;
  field_rules: readonly FieldRule[];
  data_scope: DataScope;
  data_departments: readonly string[];
  model_scopes: readonly ModelScope[];
}

export function toDraft(permissions: RolePermissions): PermissionDraft {
  return {
    resources: new Set(permissions.resources),
    field_rules: permissions.field_rules,
    data_scope: permissions.data_scope,
    data_departments: permissions.data_departments,
    model_scopes: permissions.model_scopes,
  };
}

// ---------------------------------------------------------------------------------------------------
// Field rules

/** The radio of a field: full access (no rule), read-only or hidden. */
export type FieldChoice = 'full' | FieldAccess;
export const FIELD_CHOICES: readonly FieldChoice[] = ['full', 'read_only', 'hidden'];

export function fieldChoice(rules: readonly FieldRule[], model: string, field: string): FieldChoice {
  return rules.find((rule) => rule.model === model && rule.field === field)?.access ?? 'full';
}

/** The rules with one field's choice set; "full" removes the field's rule. */
export function setFieldChoice(
  rules: readonly FieldRule[],
  model: string,
  field: string,
  choice: FieldChoice,
): FieldRule[] {
  const others = rules.filter((rule) => !(rule.model === model && rule.field === field));
  return choice === 'full' ? others : [...others, { model, field, access: choice }];
}

/** The same choice for every listed field of a model. */
export function setModelFieldChoice(
  rules: readonly FieldRule[],
  model: string,
  fields: readonly string[],
  choice: FieldChoice,
): FieldRule[] {
  return fields.reduce<FieldRule[]>((next, field) => setFieldChoice(next, model, field, choice), [...rules]);
}

/** How many fields of each model have a rule. */
export function ruleCounts(rules: readonly FieldRule[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rule of rules) counts.set(rule.model, (counts.get(rule.model) ?? 0) + 1);
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// Data scopes

export function addModelScope(scopes: readonly ModelScope[], model: string, scope: DataScope): ModelScope[] {
  if (scopes.some((one) => one.model === model)) return [...scopes];
  return [...scopes, { model, scope, department_sids: [] }];
}

export function updateModelScope(
  scopes: readonly ModelScope[],
  model: string,
  change: Partial<Omit<ModelScope, 'model'>>,
): ModelScope[] {
  return scopes.map((one) => (one.model === model ? { ...one, ...change } : one));
}

export function removeModelScope(scopes: readonly ModelScope[], model: string): ModelScope[] {
  return scopes.filter((one) => one.model !== model);
}

/** Where "specified departments" is chosen without a department: "default" or the model's name. */
export function missingDepartments(
  draft: Pick<PermissionDraft, 'data_scope' | 'data_departments' | 'model_scopes'>,
): string[] {
  const problems: string[] = [];
  if (draft.data_scope === 'departments' && draft.data_departments.length === 0) problems.push('default');
  for (const one of draft.model_scopes) {
    if (one.scope === 'departments' && one.department_sids.length === 0) problems.push(one.model);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Saving

/**
 * What POST do/permissions receives: the grantable ticked resources, the field rules, and departments
 * only where the scope is "specified departments" (elsewhere they mean nothing and are cleared).
 */
export function permissionsPayload(
  sid: string,
  version: number,
  draft: PermissionDraft,
  index: ResourceIndex,
  platform: RolePlatform,
): RolePermissions {
  return {
    sid,
    version,
    resources: resourcePayload(draft.resources, index, platform),
    field_rules: draft.field_rules.map(({ model, field, access }) => ({ model, field, access })),
    data_scope: draft.data_scope,
    data_departments: draft.data_scope === 'departments' ? [...draft.data_departments] : [],
    model_scopes: draft.model_scopes.map((one) => ({
      model: one.model,
      scope: one.scope,
      department_sids: one.scope === 'departments' ? [...one.department_sids] : [],
    })),
  };
}

/** A comparable form of a draft: order does not matter anywhere. */
function fingerprint(draft: PermissionDraft): string {
  return JSON.stringify({
    resources: [...draft.resources].sort(),
    field_rules: draft.field_rules.map((rule) => `${rule.model}.${rule.field}:${rule.access}`).sort(),
    data_scope: draft.data_scope,
    data_departments: draft.data_scope === 'departments' ? [...draft.data_departments].sort() : [],
    model_scopes: draft.model_scopes
      .map(
        (one) =>
          `${one.model}:${one.scope}:${one.scope === 'departments' ? [...one.department_sids].sort().join() : ''}`,
      )
      .sort(),
  });
}

export function isDraftChanged(saved: PermissionDraft, draft: PermissionDraft): boolean {
  return fingerprint(saved) !== fingerprint(draft);
}
