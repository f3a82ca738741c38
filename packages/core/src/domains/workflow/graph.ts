// The executable form of a process definition: what the engine walks and what the design rules and the
// designer reason about. It is derived from the BPMN 2.0 XML (with our ipdesk:* extension elements) and
// stored beside it, so the engine never parses XML on a hot path.

/** Spec §4 vote modes for a task with several approvers. */
export const VOTE_MODES = [1, 2, 3, 4, 5] as const;
export type VoteMode = (typeof VOTE_MODES)[number];
/** 1 all submit, 2 half pass, 3 one pass, 4 all pass, 5 one submit (spec §4). */
export const VOTE_MODE_NAMES: Readonly<Record<VoteMode, string>> = {
  1: 'allSubmit',
  2: 'halfPass',
  3: 'onePass',
  4: 'allPass',
  5: 'oneSubmit',
};

/** Spec §4: 1 reviews again from the start, 2 goes back to the node that returned the process. */
export const RESTART_MODES = [1, 2] as const;
export type RestartMode = (typeof RESTART_MODES)[number];

/** How an approver who already approved earlier in the same instance is handled. */
export const REPEATED_MODES = ['none', 'autoApproveAll', 'autoApproveConsecutive'] as const;
export type RepeatedMode = (typeof REPEATED_MODES)[number];

/** What happens when a task's approvers resolve to nobody: never a stuck process. */
export const EMPTY_APPROVER_OUTCOMES = ['skip', 'toAdmin', 'error'] as const;
export type EmptyApproverOutcome = (typeof EMPTY_APPROVER_OUTCOMES)[number];

/** Approval levels run 1 to 8 (spec §5, §9); 0 means the task is not level-by-level. */
export const MIN_APPROVAL_LEVEL = 1;
export const MAX_APPROVAL_LEVEL = 8;

/**
 * Spec §4 approver choices. `values` holds user sids (user), role codes (role), department sids
 * (department), company sids (company, crossCompany), levels counted from the top of the department tree
 * (orgLevel), or field names of the business record holding users (userField). The relational kinds
 * (leader, secondaryPrincipal, ipSupervisor, ipr, contacts) are resolved from the starter's department or
 * the record and take no values; `starter` is the user who started the instance.
 */
export const APPROVER_KINDS = [
  'user',
  'role',
  'department',
  'company',
  'orgLevel',
  'crossCompany',
  'leader',
  'secondaryPrincipal',
  'ipSupervisor',
  'ipr',
  'contacts',
  'userField',
  'starter',
] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];

export interface ApproverRule {
  kind: ApproverKind;
  values: string[];
}

export const EXECUTION_LISTENER_EVENTS = ['start', 'end'] as const;
export const TASK_LISTENER_EVENTS = ['create', 'assignment', 'complete', 'delete'] as const;
export type ListenerEvent = (typeof EXECUTION_LISTENER_EVENTS)[number] | (typeof TASK_LISTENER_EVENTS)[number];
/** inTransaction listeners may refuse the command; afterCommit ones go through the outbox. */
export type ListenerPhase = 'inTransaction' | 'afterCommit';

export interface ListenerSpec {
  event: ListenerEvent;
  /** Name of a listener registered on the server (never code from the definition). */
  name: string;
  phase: ListenerPhase;
}

export type FieldAccessLevel = 'edit' | 'read' | 'hidden';
export interface NodeFieldAccess {
  field: string;
  access: FieldAccessLevel;
}

interface NodeBase {
  id: string;
  name: string;
  /** Sequence flow ids, in document order. */
  incoming: string[];
  outgoing: string[];
  listeners: ListenerSpec[];
}

export interface StartNode extends NodeBase {
  kind: 'start';
}

export interface EndNode extends NodeBase {
  kind: 'end';
}

export interface ExclusiveGatewayNode extends NodeBase {
  kind: 'exclusive';
  /** Taken when no condition holds. */
  defaultFlow: string | null;
}

export interface ParallelGatewayNode extends NodeBase {
  kind: 'parallel';
}

export interface UserTaskNode extends NodeBase {
  kind: 'userTask';
  approvers: ApproverRule[];
  /** Who is copied (抄送) once the step is approved: the same choices as approvers; nobody is fine. */
  cc: ApproverRule[];
  voteMode: VoteMode;
  /** 0 = off; 1–8 walks that many leaders up the starter's department chain, one after another. */
  levelApprove: number;
  repeatedMode: RepeatedMode;
  emptyApprovers: EmptyApproverOutcome;
  /** Approvers may jump to any node outside a parallel region from here. */
  freeJump: boolean;
  /** Approvers may add signers before, after or in parallel. */
  addSign: boolean;
  /** Due date and reminder as durable timers, in hours after the task is created; null = none. */
  dueHours: number | null;
  remindHours: number | null;
  /** Per-node form field permissions on the business record; fields not listed are read-only. */
  fields: NodeFieldAccess[];
  /** Process variable that receives this node's outcome ('approved' | 'rejected'); unique across branches. */
  variable: string | null;
}

export type ProcessNode = StartNode | EndNode | ExclusiveGatewayNode | ParallelGatewayNode | UserTaskNode;
export type NodeKind = ProcessNode['kind'];

export interface SequenceFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  /** iql boolean expression over `record.<field>` and `var.<name>`; null = unconditional. */
  condition: string | null;
}

/** Spec §3 process definition fields and §4 process-level settings. */
export interface ProcessSettings {
  /** BPMN process id: stable across versions. */
  key: string;
  name: string;
  serialNumber: string | null;
  identityKey: string | null;
  scope: string | null;
  /** The business model the process runs on; cannot change once the definition exists (spec §5). */
  model: string;
  /**
   * The lifecycle action of the model the process approves (issue 18): running that action starts this
   * process, and its outcome moves the record's status. Absent: a process started on its own.
   */
  action?: string;
  form: string | null;
  restartMode: RestartMode;
  processCategory: string | null;
  invoiceStatus: string | null;
  /** Who may start it: users, role codes, or a user field of the record; all empty = anyone who may edit. */
  approveUsers: string[];
  approveRoles: string[];
  approveUserField: string | null;
  /** Process-level execution listeners (start, end). Optional only so graphs written before it still type. */
  listeners?: ListenerSpec[];
}

export interface ProcessGraph {
  settings: ProcessSettings;
  nodes: Record<string, ProcessNode>;
  flows: Record<string, SequenceFlow>;
  /** Id of the one start event. */
  start: string;
}
