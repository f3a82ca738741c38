// Running a lifecycle action on records (POST model/{model}/do/action/{action}): the action must be the
// model's and the caller must hold its button; the values it sets are checked against their fields once,
// then each record moves in its own transaction (records.ts applyLifecycleAction), so one refusal (another
// status, a stale version, a record out of scope) leaves the others done. Every record gets its result.
// An action declared with `approval` whose tenant has published a process bound to it starts that process
// on each record instead (after the same checks, in the same transaction): the outcome moves the status.
import { actionResourceCode, AppError, isAppError, MAX_ACTION_RECORDS } from '@ipdesk/core';
import type { RequestContext } from '../context.js';
import type { ApprovalHooks } from './hooks.js';
import {
  applyLifecycleAction,
  checkLifecycleAction,
  dictionariesFor,
  type LifecycleActionInput,
  type RecordDeps,
  type RecordRow,
} from './records.js';
import type { ResolvedModel } from './registry.js';
import { checkValues } from './values.js';
import type { SearchDeps } from './search.js';
import { selectedSids } from '../batch-edit/selection.js';

/** At most this many records per call (core; a list page's selection, or a search's first thousand). */
export { MAX_ACTION_RECORDS };

export type ActionOutcome =
  | { sid: string; outcome: 'done'; row: RecordRow }
  | { sid: string; outcome: 'started'; instanceSid: string }
  | { sid: string; outcome: 'refused'; error: AppError };

export interface ActionInput {
  /** The model as the caller sees it (their view). */
  model: ResolvedModel;
  action: string;
  /** The records: their sids, or (instead) an iql query finding at most MAX_ACTION_RECORDS in the caller's scope. */
  sids?: readonly string[];
  query?: string;
  versions?: Readonly<Record<string, number>>;
  comment?: string;
  values?: Readonly<Record<string, unknown>>;
}

export async function runAction(
  deps: RecordDeps & Omit<SearchDeps, 'accounts' | 'registry'>,
  ctx: RequestContext,
  input: ActionInput,
): Promise<ActionOutcome[]> {
  const { model } = input;
  const lifecycle = model.declaration.lifecycle;
  const declared = lifecycle?.actions[input.action];
  if (!lifecycle || !declared)
    throw new AppError('actionUnknown', { params: { model: model.name, action: input.action.slice(0, 48) } });
  if (!ctx.principal.access.resources.has(actionResourceCode(model.name, input.action)))
    throw new AppError('forbidden');
  const values = await checkActionValues(deps, ctx, model, declared.sets ?? [], input.values ?? {});
  // A search's records are the batch edit's selection rules: the limit refused whole (413450), never cut.
  const sids = await selectedSids(deps, ctx, {
    model,
    selection: { sids: input.sids, query: input.query },
    max: MAX_ACTION_RECORDS,
  });
  const comment = input.comment?.trim() || undefined;
  const approval = declared.approval ? deps.registry.hooks.of(model.name)?.approval : undefined;
  const definitionKey = approval
    ? await approval.boundProcess(deps.accounts.db, {
        tenantSid: ctx.tenantSid,
        model: model.name,
        action: input.action,
      })
    : null;
  const outcomes: ActionOutcome[] = [];
  for (const sid of sids) {
    const one: LifecycleActionInput = {
      model,
      lifecycle,
      action: input.action,
      sid,
      version: input.versions?.[sid],
      comment,
      values,
    };
    try {
      if (approval && definitionKey) {
        const instanceSid = await startApproval(deps, ctx, { approval, definitionKey, one });
        outcomes.push({ sid, outcome: 'started', instanceSid });
      } else outcomes.push({ sid, outcome: 'done', row: await applyLifecycleAction(deps, ctx, one) });
    } catch (error) {
      // A refusal of this record (its status, version, scope, a hook's lock, an open process); anything
      // else is a fault.
      if (!isAppError(error) || error.status >= 500) throw error;
      outcomes.push({ sid, outcome: 'refused', error });
    }
  }
  return outcomes;
}

/**
 * The action's checks on the record (as when it runs directly), then its approval process started on it, in
 * one transaction: a record that moved meanwhile cannot start a process, nor a started one leave it unchecked.
 */
function startApproval(
  deps: RecordDeps,
  ctx: RequestContext,
  input: { approval: ApprovalHooks; definitionKey: string; one: LifecycleActionInput },
): Promise<string> {
  const { one } = input;
  return deps.accounts.db.transaction(async (tx) => {
    await checkLifecycleAction(tx, ctx, one);
    return input.approval.start(tx, ctx, {
      definitionKey: input.definitionKey,
      recordSid: one.sid,
      action: one.action,
      comment: one.comment,
      values: Object.fromEntries(one.values),
    });
  });
}

/**
 * The action's values against their fields' rules, as an update checks them. The fields it sets are managed
 * (no update may write them), so they are writable here and only here; a field hidden from the caller, or one
 * the action does not set, is refused by the record's own check (notSettable) with its label.
 */
async function checkActionValues(
  deps: RecordDeps,
  ctx: RequestContext,
  model: ResolvedModel,
  sets: readonly string[],
  given: Readonly<Record<string, unknown>>,
): Promise<Map<string, unknown>> {
  const settable = Object.fromEntries(Object.entries(given).filter(([name]) => sets.includes(name)));
  const unknown = Object.keys(given).filter((name) => !sets.includes(name));
  const writable: ResolvedModel = {
    ...model,
    fields: new Map(
      [...model.fields].map(([name, field]) => [name, sets.includes(name) ? { ...field, readOnly: false } : field]),
    ),
  };
  const { values } = checkValues(
    writable,
    settable,
    'update',
    ctx.language,
    await dictionariesFor(deps.accounts.db, ctx.tenantSid, model),
  );
  // Passed on as they came, so the record's check names them (they are not set).
  for (const name of unknown) values.set(name, given[name]);
  return values;
}
