// Reading the ipdesk extension elements into the graph's settings. What is absent takes its default; a
// value that is present but invalid also falls back here, and the settings-values design rule reports
// it, so a definition with a wrong value can be saved as a draft but never published.
import {
  APPROVER_KINDS,
  EMPTY_APPROVER_OUTCOMES,
  EXECUTION_LISTENER_EVENTS,
  REPEATED_MODES,
  TASK_LISTENER_EVENTS,
  VOTE_MODES,
  type ApproverRule,
  type EmptyApproverOutcome,
  type FieldAccessLevel,
  type ListenerEvent,
  type ListenerPhase,
  type ListenerSpec,
  type NodeFieldAccess,
  type ProcessSettings,
  type RepeatedMode,
  type RestartMode,
  type VoteMode,
} from './graph.js';
import { extensionsOf, listOf, type ModdleElement } from './moddle.js';

/** Defaults of settings left out of the XML. */
export const WORKFLOW_DEFAULTS = {
  restartMode: 1 as RestartMode,
  /** One approval passes the task: the usual choice when a role or department holds several people. */
  voteMode: 3 as VoteMode,
  levelApprove: 0,
  repeatedMode: 'none' as RepeatedMode,
  /** A task whose approvers resolve to nobody refuses to move on, so a design without approvers shows up. */
  emptyApprovers: 'error' as EmptyApproverOutcome,
  listenerPhase: 'afterCommit' as ListenerPhase,
} as const;

export const FIELD_ACCESS_LEVELS = ['edit', 'read', 'hidden'] as const satisfies readonly FieldAccessLevel[];
export const LISTENER_PHASES = ['inTransaction', 'afterCommit'] as const satisfies readonly ListenerPhase[];

/** Approver kinds that name their people by values; the relational ones resolve without any. */
export const APPROVER_KINDS_WITH_VALUES: ReadonlySet<string> = new Set([
  'user',
  'role',
  'department',
  'company',
  'orgLevel',
  'crossCompany',
  'userField',
]);

export const PROCESS_SETTINGS_TYPE = 'ipdesk:ProcessSettings';
export const APPROVAL_TYPE = 'ipdesk:Approval';
export const LISTENER_TYPE = 'ipdesk:Listener';

const includes = <T>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

/** A string property, trimmed; empty reads as absent. */
export function textOf(element: ModdleElement | undefined, property: string): string | null {
  const value = element?.[property];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A comma-separated list attribute, without blanks. */
export function listAttribute(element: ModdleElement | undefined, property: string): string[] {
  const text = textOf(element, property);
  if (!text) return [];
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A whole-number attribute: undefined when absent, NaN when it is not a whole number. A number set on
 * the element by code (the designer) is taken as it is.
 */
export function integerOf(element: ModdleElement | undefined, property: string): number | undefined {
  const value = element?.[property];
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return wholeNumber(value);
}

/** A text as a whole number, NaN when it is not one. */
export function wholeNumber(text: string): number {
  return /^[+-]?\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** An attribute as written, for messages that quote a wrong value. */
export function rawOf(element: ModdleElement | undefined, property: string): string {
  const value = element?.[property];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

const positiveInteger = (value: number | undefined): number | null =>
  value !== undefined && Number.isInteger(value) && value > 0 ? value : null;

/** Which listener events an element may declare (spec §4: execution start/end; task events on tasks). */
export function listenerEventsFor(hostType: string): readonly ListenerEvent[] {
  return hostType === 'bpmn:UserTask'
    ? [...EXECUTION_LISTENER_EVENTS, ...TASK_LISTENER_EVENTS]
    : EXECUTION_LISTENER_EVENTS;
}

export function readListeners(element: ModdleElement): ListenerSpec[] {
  const allowed = listenerEventsFor(element.$type);
  return extensionsOf(element, LISTENER_TYPE).flatMap((listener): ListenerSpec[] => {
    const event = textOf(listener, 'event');
    const name = textOf(listener, 'name');
    const phase = textOf(listener, 'phase') ?? WORKFLOW_DEFAULTS.listenerPhase;
    if (!includes(allowed, event) || !name || !includes(LISTENER_PHASES, phase)) return [];
    return [{ event, name, phase }];
  });
}

export function readProcessSettings(process: ModdleElement): ProcessSettings {
  const settings = extensionsOf(process, PROCESS_SETTINGS_TYPE)[0];
  const restartMode = integerOf(settings, 'restartMode');
  const action = textOf(settings, 'action');
  return {
    key: process.id ?? '',
    name: textOf(process, 'name') ?? '',
    serialNumber: textOf(settings, 'serialNumber'),
    identityKey: textOf(settings, 'identityKey'),
    scope: textOf(settings, 'scope'),
    model: textOf(settings, 'model') ?? '',
    form: textOf(settings, 'form'),
    restartMode: restartMode === 1 || restartMode === 2 ? restartMode : WORKFLOW_DEFAULTS.restartMode,
    processCategory: textOf(settings, 'processCategory'),
    invoiceStatus: textOf(settings, 'invoiceStatus'),
    approveUsers: listAttribute(settings, 'approveUsers'),
    approveRoles: listAttribute(settings, 'approveRoles'),
    approveUserField: textOf(settings, 'approveUserField'),
    listeners: readListeners(process),
    // Only when bound: graphs of processes started on their own stay as they were stored.
    ...(action && { action }),
  };
}

export interface TaskSettings {
  approvers: ApproverRule[];
  cc: ApproverRule[];
  voteMode: VoteMode;
  levelApprove: number;
  repeatedMode: RepeatedMode;
  emptyApprovers: EmptyApproverOutcome;
  freeJump: boolean;
  addSign: boolean;
  dueHours: number | null;
  remindHours: number | null;
  fields: NodeFieldAccess[];
  variable: string | null;
}

/** ipdesk:Approver (or ipdesk:Cc) children: kind and comma-separated values; unknown kinds are left out. */
function readRules(approval: ModdleElement | undefined, property: 'approvers' | 'cc'): ApproverRule[] {
  return listOf(approval, property).flatMap((rule): ApproverRule[] => {
    const kind = textOf(rule, 'kind');
    return includes(APPROVER_KINDS, kind) ? [{ kind, values: listAttribute(rule, 'values') }] : [];
  });
}

export function readTaskSettings(task: ModdleElement): TaskSettings {
  const approval = extensionsOf(task, APPROVAL_TYPE)[0];
  const voteMode = integerOf(approval, 'voteSignMode');
  const levelApprove = integerOf(approval, 'levelApprove');
  const repeatedMode = textOf(approval, 'repeatedMode');
  const emptyApprovers = textOf(approval, 'emptyApprovers');
  return {
    approvers: readRules(approval, 'approvers'),
    cc: readRules(approval, 'cc'),
    voteMode: includes(VOTE_MODES, voteMode) ? voteMode : WORKFLOW_DEFAULTS.voteMode,
    // Kept as written when it is a whole number, so the level-approve rule can name a wrong level.
    levelApprove: levelApprove !== undefined && Number.isInteger(levelApprove) ? levelApprove : 0,
    repeatedMode: includes(REPEATED_MODES, repeatedMode) ? repeatedMode : WORKFLOW_DEFAULTS.repeatedMode,
    emptyApprovers: includes(EMPTY_APPROVER_OUTCOMES, emptyApprovers)
      ? emptyApprovers
      : WORKFLOW_DEFAULTS.emptyApprovers,
    freeJump: approval?.['freeJump'] === true,
    addSign: approval?.['addSign'] === true,
    dueHours: positiveInteger(integerOf(approval, 'dueHours')),
    remindHours: positiveInteger(integerOf(approval, 'remindHours')),
    fields: listOf(approval, 'fieldAccess').flatMap((entry): NodeFieldAccess[] => {
      const field = textOf(entry, 'field');
      const access = textOf(entry, 'access');
      return field && includes(FIELD_ACCESS_LEVELS, access) ? [{ field, access }] : [];
    }),
    variable: textOf(approval, 'variable'),
  };
}
