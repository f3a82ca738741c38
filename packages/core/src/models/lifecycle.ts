// A record's lifecycle, declared once (issue 18, ARCHITECTURE.md "Lifecycles"): the statuses its status
// field may hold and the named actions that alone move it. The declaration is pure data plus pure checks,
// so the server (the generic action route), the schema answer and the web (buttons offered) read one thing.
// Status labels are the status field's dictionary options: tenants may relabel a status there, and the
// lifecycle only adds what a dictionary cannot say (colour, final or not).
import type { Label, RecordIssue } from './define.js';
import { MODEL_ACTIONS } from '../rbac/model-actions.js';
import type { RecordVerb } from '../audit/actions.js';

/** Tag colours a status is shown in (antd preset names, so lists and details need no table of their own). */
export const STATUS_COLORS = ['default', 'blue', 'cyan', 'green', 'gold', 'orange', 'red', 'purple', 'gray'] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];

export interface LifecycleStatus {
  color: StatusColor;
  /** No action leaves a final status unless it names it in `from` (a reopen, say); "open" statuses are the others. */
  final?: boolean;
}

export interface LifecycleAction<S extends string = string> {
  label: Label;
  /** The statuses it runs from; `'open'` is every status not final. */
  from: readonly S[] | 'open';
  to: S;
  /** Whether the person running it must give a comment (default: may). */
  comment?: 'required' | 'optional';
  /** Fields the action may set besides the status (a paper's score): only these, and only by this action. */
  sets?: readonly string[];
  /** Fields that must hold a value once the action's own values are applied; missing ones are listed by label. */
  requires?: readonly string[];
  /** Fields the action empties (a reopened deadline forgets the day it was done). */
  clears?: readonly string[];
  /** A rule of the domain on the record as the action would leave it (its values applied). */
  guard?: (row: Readonly<Record<string, unknown>>) => RecordIssue[];
  /** Asked before running it (the web shows it in the confirmation). */
  confirm?: Label;
  /**
   * The action may need an approval: with a published process bound to (model, action) the action starts it
   * and the status moves when the process is approved; a rejected, withdrawn or ended process leaves the
   * status where it was, or moves it to `rejected` when named.
   */
  approval?: { rejected?: S };
  /**
   * Besides the status, the record must hold one of these values in this field (a deadline is verified only
   * while unverified): records that do not are neither offered the action nor may run it.
   */
  when?: { field: string; in: readonly string[] };
  /**
   * Four eyes: the person in this user field may not run it (who entered a deadline may not verify it).
   * An empty field stops nobody.
   */
  notBy?: string;
  /**
   * Fields the server fills when the action runs, never the caller: the person running it, the moment, or a
   * fixed value (a verified deadline: verified, by whom, when).
   */
  stamps?: Readonly<Record<string, ActionStamp>>;
  /** The audit entry's verb (default status_changed): an action that leaves the status where it is says what it did. */
  auditVerb?: RecordVerb;
}

/** What the server writes into a stamped field: the person running the action, the moment, or a value. */
export type ActionStamp = 'actor' | 'now' | { value: string };

export interface LifecycleDeclaration<S extends string = string> {
  /** The status field: a single option field; create, update and import cannot set it. */
  field: string;
  /** The status of a new record. */
  initial: S;
  statuses: Record<S, LifecycleStatus>;
  actions: Record<string, LifecycleAction<S>>;
}

/**
 * A lifecycle whose statuses are checked as types: `to`, `from`, `initial` and `approval.rejected` must name
 * one of its statuses, so a typo fails the type-check (defineModel checks the rest when it runs).
 */
export function defineLifecycle<const S extends string>(lifecycle: LifecycleDeclaration<S>): LifecycleDeclaration<S> {
  return lifecycle;
}

/** The longest comment an action takes (characters). */
export const ACTION_COMMENT_MAX = 2000;
/** Records one run of an action takes at most (a list's selection, or every record a search finds). */
export const MAX_ACTION_RECORDS = 1000;

/** Action names: snake_case like fields, and none of the generic writes (their resources are taken). */
export const ACTION_NAME_PATTERN = /^[a-z][a-z0-9_]{0,47}$/;

/** The statuses an action runs from, with `'open'` spelled out. */
export function actionSources<S extends string>(lifecycle: LifecycleDeclaration<S>, action: LifecycleAction<S>): S[] {
  if (action.from !== 'open') return [...action.from];
  return (Object.keys(lifecycle.statuses) as S[]).filter((status) => !lifecycle.statuses[status].final);
}

/** The actions that may run on a record in this status (before who may, and before guards). */
export function actionsFrom(lifecycle: LifecycleDeclaration, status: unknown): string[] {
  return Object.entries(lifecycle.actions)
    .filter(([, action]) => actionSources(lifecycle, action).includes(String(status)))
    .map(([name]) => name);
}

/**
 * The actions this person may be offered on this record (before who holds which): its status, the values
 * an action runs `when`, and its four-eyes rule (`notBy`). A row read without a field these read is offered
 * only the actions that do not read it.
 */
export function actionsOn(
  lifecycle: LifecycleDeclaration,
  row: Readonly<Record<string, unknown>>,
  actor: string,
): string[] {
  return actionsFrom(lifecycle, row[lifecycle.field]).filter((name) => {
    const action = lifecycle.actions[name]!;
    return conditionRefusal(action, row, actor) === null;
  });
}

/** Whether the record holds what the action runs `when`, and the actor is not the one it is refused to. */
function conditionRefusal(
  action: LifecycleAction,
  row: Readonly<Record<string, unknown>>,
  actor: string | undefined,
): ActionRefusal | null {
  if (action.when) {
    const value = row[action.when.field];
    if (typeof value !== 'string' || !action.when.in.includes(value))
      return {
        reason: 'notWhen',
        field: action.when.field,
        value: value === null || value === undefined ? null : String(value),
      };
  }
  if (action.notBy && actor !== undefined && row[action.notBy] === actor)
    return { reason: 'samePerson', field: action.notBy };
  return null;
}

/**
 * What is wrong with a lifecycle of a model with these fields (empty when it is sound). Checked when the
 * model is declared, so a typo in a status or a field fails at start, not when a user presses the button.
 */
export function lifecycleProblems(
  lifecycle: LifecycleDeclaration,
  fields: Readonly<Record<string, { kind: string; multiple: boolean; dictionary?: string }>>,
): string[] {
  const problems: string[] = [];
  const status = fields[lifecycle.field];
  if (!status) problems.push(`status field ${lifecycle.field} is not declared`);
  else if (status.kind !== 'option' || status.multiple || !status.dictionary)
    problems.push(`status field ${lifecycle.field} is not a single option field with a dictionary`);
  const statuses = Object.keys(lifecycle.statuses);
  if (!statuses.includes(lifecycle.initial)) problems.push(`initial status ${lifecycle.initial} is not declared`);
  for (const [name, declared] of Object.entries(lifecycle.statuses))
    if (!(STATUS_COLORS as readonly string[]).includes(declared.color))
      problems.push(`status ${name} has an unknown colour ${declared.color}`);
  if (Object.keys(lifecycle.actions).length === 0) problems.push('a lifecycle has at least one action');
  for (const [name, action] of Object.entries(lifecycle.actions)) {
    if (!ACTION_NAME_PATTERN.test(name)) problems.push(`action ${name} is not snake_case`);
    if ((MODEL_ACTIONS as readonly string[]).includes(name))
      problems.push(`action ${name} has the name of a generic write`);
    if (!statuses.includes(action.to)) problems.push(`action ${name} goes to an undeclared status ${action.to}`);
    if (action.from !== 'open')
      for (const from of action.from)
        if (!statuses.includes(from)) problems.push(`action ${name} runs from an undeclared status ${from}`);
    if (actionSources(lifecycle, action).length === 0) problems.push(`action ${name} runs from no status`);
    if (action.approval?.rejected !== undefined && !statuses.includes(action.approval.rejected))
      problems.push(`action ${name} goes on rejection to an undeclared status ${action.approval.rejected}`);
    for (const listed of [...(action.sets ?? []), ...(action.requires ?? []), ...(action.clears ?? [])]) {
      if (listed === lifecycle.field) problems.push(`action ${name} lists the status field itself`);
      else if (!fields[listed]) problems.push(`action ${name} names an undeclared field ${listed}`);
    }
    for (const cleared of action.clears ?? [])
      if (action.sets?.includes(cleared) || action.requires?.includes(cleared))
        problems.push(`action ${name} both clears and sets or requires ${cleared}`);
    if (action.when && !fields[action.when.field])
      problems.push(`action ${name} runs when an undeclared field ${action.when.field} holds a value`);
    if (action.notBy && (fields[action.notBy]?.kind !== 'user' || fields[action.notBy]?.multiple))
      problems.push(`action ${name} is refused to the person in ${action.notBy}, which is not a single user field`);
    for (const stamped of Object.keys(action.stamps ?? {})) {
      if (stamped === lifecycle.field) problems.push(`action ${name} stamps the status field itself`);
      else if (!fields[stamped]) problems.push(`action ${name} stamps an undeclared field ${stamped}`);
      else if (action.sets?.includes(stamped)) problems.push(`action ${name} both sets and stamps ${stamped}`);
    }
  }
  return problems;
}

/** What was asked of an action on one record, besides the record. */
export interface ActionRequest {
  comment?: string | null;
  values?: Readonly<Record<string, unknown>>;
  /** The user sid of the person running it (the four-eyes rule, `notBy`); unknown: the rule is not asked. */
  actor?: string;
}

/** Why an action cannot run on a record: the first reason found, as an error name and its params. */
export type ActionRefusal =
  | { reason: 'notFrom'; status: string }
  | { reason: 'commentRequired' }
  | { reason: 'notSettable'; fields: string[] }
  | { reason: 'guard'; issues: RecordIssue[] }
  | { reason: 'notWhen'; field: string; value: string | null }
  | { reason: 'samePerson'; field: string };

/**
 * Whether the action may run on this record (its current row) with these values: the status it is in, the
 * values it runs `when`, the four-eyes rule, the comment, the fields it may set, the fields it requires and its guard, in that order. Pure: the server runs
 * it in the action's transaction on the locked row, the web to offer only what would pass.
 */
export function refuseAction(
  lifecycle: LifecycleDeclaration,
  actionName: string,
  row: Readonly<Record<string, unknown>>,
  request: ActionRequest = {},
): ActionRefusal | null {
  const action = lifecycle.actions[actionName];
  if (!action) throw new Error(`No action ${actionName}`);
  const status = String(row[lifecycle.field] ?? '');
  if (!actionSources(lifecycle, action).includes(status)) return { reason: 'notFrom', status };
  const condition = conditionRefusal(action, row, request.actor);
  if (condition) return condition;
  if (action.comment === 'required' && !request.comment?.trim()) return { reason: 'commentRequired' };
  const values = request.values ?? {};
  const notSettable = Object.keys(values).filter((name) => !(action.sets ?? []).includes(name));
  if (notSettable.length) return { reason: 'notSettable', fields: notSettable };
  const after = { ...row, ...values };
  const issues: RecordIssue[] = (action.requires ?? [])
    .filter((name) => isEmpty(after[name]))
    .map((name) => ({ field: name, messageKey: 'error.actionRequiresField' }));
  issues.push(...(action.guard?.(after) ?? []));
  return issues.length ? { reason: 'guard', issues } : null;
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The resource of running a lifecycle action (a button of the model, like `patent:create`). */
export function actionResourceCode(model: string, action: string): string {
  return `${model}:${action}`;
}
