// What a lifecycle looks like to one caller: in the schema answer (statuses with the tenant's labels, the
// actions and whether the caller holds each), and on every record read (`_actions`: the actions its status
// allows that the caller holds), so the UI offers only what the server would run.
import {
  actionResourceCode,
  actionSources,
  actionsFrom,
  labelIn,
  type Language,
  type LifecycleAnswer,
} from '@ipdesk/core';
import type { Access } from '../rbac/access.js';
import type { ResolvedModel } from './registry.js';

/** The key records carry their allowed actions under (not a field: no field name starts with `_`). */
export const ACTIONS_KEY = '_actions';

export function lifecycleAnswer(
  model: ResolvedModel,
  language: Language,
  statusLabels: ReadonlyMap<string, string>,
  access: Access,
): LifecycleAnswer | undefined {
  const lifecycle = model.declaration.lifecycle;
  if (!lifecycle) return undefined;
  return {
    field: lifecycle.field,
    initial: lifecycle.initial,
    statuses: Object.entries(lifecycle.statuses).map(([key, status]) => ({
      key,
      label: statusLabels.get(key) ?? key,
      color: status.color,
      final: status.final ?? false,
    })),
    actions: Object.entries(lifecycle.actions).map(([name, action]) => ({
      name,
      label: labelIn(action.label, language),
      from: actionSources(lifecycle, action),
      to: action.to,
      comment: action.comment ?? 'optional',
      sets: [...(action.sets ?? [])],
      requires: [...(action.requires ?? [])],
      confirm: action.confirm ? labelIn(action.confirm, language) : null,
      approval: action.approval !== undefined,
      allowed: access.resources.has(actionResourceCode(model.name, name)),
    })),
  };
}

/**
 * Adds to each row the actions its status allows that the caller holds; a row read without its status
 * field (a list narrowed to other columns) gets none, as nothing can be said of it.
 */
export function withActions<Row extends Record<string, unknown>>(
  model: ResolvedModel,
  access: Access,
  rows: Row[],
): Row[] {
  const lifecycle = model.declaration.lifecycle;
  if (!lifecycle) return rows;
  const held = (name: string) => access.resources.has(actionResourceCode(model.name, name));
  for (const row of rows) {
    if (!(lifecycle.field in row)) continue;
    (row as Record<string, unknown>)[ACTIONS_KEY] = actionsFrom(lifecycle, row[lifecycle.field]).filter(held);
  }
  return rows;
}
