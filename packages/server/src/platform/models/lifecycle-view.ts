// What a lifecycle looks like to one caller: in the schema answer (statuses with the tenant's labels, the
// actions and whether the caller holds each), and on every record read (`_actions`: the actions its status
// and values allow the caller, who holds each; none while a process is open on it, whose outcome alone moves the status),
// so the UI offers only what the server would run.
import {
  actionResourceCode,
  actionSources,
  actionsOn,
  labelIn,
  type Language,
  type LifecycleAnswer,
} from '@ipdesk/core';
import type { RequestContext } from '../context.js';
import type { Access } from '../../modules/rbac/access.js';
import type { RecordDeps } from './records.js';
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
 * Adds to each row the actions its status (and values an action runs `when`, and the four-eyes rule) allow
 * the caller that they hold; a row read without its status
 * field (a list narrowed to other columns) gets none, as nothing can be said of it. While a process is open
 * on a record none is offered (running one would be refused: the workflow domain's beforeAction): one query
 * for the rows read.
 */
export async function withActions<Row extends Record<string, unknown>>(
  deps: RecordDeps,
  ctx: Pick<RequestContext, 'tenantSid' | 'principal'>,
  input: { model: ResolvedModel; rows: Row[] },
): Promise<Row[]> {
  const { model, rows } = input;
  const lifecycle = model.declaration.lifecycle;
  if (!lifecycle) return rows;
  const access = ctx.principal.access;
  const held = (name: string) => access.resources.has(actionResourceCode(model.name, name));
  // Rows read without their status (a list narrowed to other columns) get no actions: nothing to ask.
  if (!rows.some((row) => lifecycle.field in row)) return rows;
  const open = await recordsInApproval(deps, ctx.tenantSid, model, rows);
  for (const row of rows) {
    if (!(lifecycle.field in row)) continue;
    (row as Record<string, unknown>)[ACTIONS_KEY] = open.has(String(row.sid))
      ? []
      : actionsOn(lifecycle, row, ctx.principal.userSid).filter(held);
  }
  return rows;
}

/** Those of the rows (with a sid) that have an open process (the workflow domain answers it for lifecycle models). */
async function recordsInApproval(
  deps: RecordDeps,
  tenantSid: string,
  model: ResolvedModel,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<ReadonlySet<string>> {
  const approval = deps.registry.hooks.of(model.name)?.approval;
  const sids = rows.map((row) => row.sid).filter((sid): sid is string => typeof sid === 'string');
  if (!approval || sids.length === 0) return new Set();
  return approval.openProcesses(deps.accounts.db, { tenantSid, model: model.name, sids });
}
