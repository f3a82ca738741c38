// The approval panel's decisions, kept out of React so each is unit-tested: which buttons the caller gets
// (only what the server's panel view says they may do now), what each dialog asks besides the opinion,
// which command a filled-in dialog sends, and which refusals mean the process moved on meanwhile.
import { errors, type MessageKey } from '@ipdesk/core';
import type { RequestFailure } from '../../../api/failure';
import type {
  AddSignMode,
  Attachment,
  CommandCall,
  InstanceStatus,
  NodeRef,
  PanelActions,
  TaskAction,
} from '../../../api/workflow-runs';

export type ActionName =
  | 'approve'
  | 'reject'
  | 'return'
  | 'transfer'
  | 'addSign'
  | 'jump'
  | 'resubmit'
  | 'submit'
  | 'withdraw'
  | 'urge'
  | 'end';

/** As the API allows an opinion (workflow-schemas COMMENT_MAX_LENGTH). */
export const COMMENT_MAX_LENGTH = 2000;
/** As the API allows signers in one add-sign (MAX_SIGNERS). */
export const MAX_SIGNERS = 20;
/** At most this many files per opinion (the server's limit). */
export const MAX_ATTACHMENTS = 20;

/** What a dialog asks besides the comment: nothing, a step, one user, or signers with a mode. */
export type ActionInputKind = 'opinion' | 'target' | 'user' | 'signers';

export interface ActionButton {
  /** Unique among the panel's buttons (a user may hold two tasks of one instance). */
  key: string;
  name: ActionName;
  /** The task acted on; absent for actions on the whole instance. */
  taskSid?: string;
  asks: ActionInputKind;
  /** Return and jump: the steps offered (the first is preselected). */
  targets: NodeRef[];
  /** Add-sign: the modes the step allows. */
  modes: AddSignMode[];
}

export interface ActionInput {
  comment?: string;
  attachments?: readonly Attachment[];
  targetNodeId?: string;
  userSid?: string;
  mode?: AddSignMode;
  signerSids?: string[];
}

export const ACTION_LABELS: Readonly<Record<ActionName, MessageKey>> = {
  approve: 'wfRun.action.approve',
  reject: 'wfRun.action.reject',
  return: 'wfRun.action.return',
  transfer: 'wfRun.action.transfer',
  addSign: 'wfRun.action.addSign',
  jump: 'wfRun.action.jump',
  resubmit: 'wfRun.action.resubmit',
  submit: 'wfRun.action.submit',
  withdraw: 'wfRun.action.withdraw',
  urge: 'wfRun.action.urge',
  end: 'wfRun.action.end',
};

/** The answer once an action went through ("Approved", "Returned", …). */
export const ACTION_DONE: Readonly<Record<ActionName, MessageKey>> = {
  approve: 'wfRun.done.approve',
  reject: 'wfRun.done.reject',
  return: 'wfRun.done.return',
  transfer: 'wfRun.done.transfer',
  addSign: 'wfRun.done.addSign',
  jump: 'wfRun.done.jump',
  resubmit: 'wfRun.done.resubmit',
  submit: 'wfRun.done.submit',
  withdraw: 'wfRun.done.withdraw',
  urge: 'wfRun.done.urge',
  end: 'wfRun.done.end',
};

/** Actions that undo or stop something: their button is red. */
export const DANGEROUS: ReadonlySet<ActionName> = new Set(['reject', 'end']);

export const STATUS_COLORS: Readonly<Record<InstanceStatus, string>> = {
  draft: 'default',
  running: 'processing',
  withdrawn: 'warning',
  approved: 'success',
  rejected: 'error',
  ended: 'default',
};

const SIGN_MODES: ReadonlyArray<[TaskAction, AddSignMode]> = [
  ['addSignBefore', 'before'],
  ['addSignAfter', 'after'],
  ['addSignParallel', 'parallel'],
];

const button = (key: string, name: ActionName, asks: ActionInputKind, more: Partial<ActionButton> = {}) => ({
  key,
  name,
  asks,
  targets: [],
  modes: [],
  ...more,
});

/** The panel's buttons in the order shown: each task's own, then those on the whole instance. */
export function panelButtons(actions: PanelActions): ActionButton[] {
  const buttons: ActionButton[] = [];
  let resubmit = false;
  for (const task of actions.tasks) {
    const allowed = new Set(task.actions);
    const taskButton = (name: ActionName, asks: ActionInputKind, more: Partial<ActionButton> = {}) =>
      buttons.push(button(`${name}:${task.task_sid}`, name, asks, { taskSid: task.task_sid, ...more }));
    if (allowed.has('approve')) taskButton('approve', 'opinion');
    if (allowed.has('reject')) taskButton('reject', 'opinion');
    if (allowed.has('return') && task.return_targets.length > 0)
      taskButton('return', 'target', { targets: task.return_targets });
    if (allowed.has('transfer')) taskButton('transfer', 'user');
    const modes = SIGN_MODES.filter(([action]) => allowed.has(action)).map(([, mode]) => mode);
    if (modes.length > 0) taskButton('addSign', 'signers', { modes });
    if (allowed.has('jump') && task.jump_targets.length > 0)
      taskButton('jump', 'target', { targets: task.jump_targets });
    // Resubmitting acts on the instance (the starter's submit task stands for it): one button however many.
    if (allowed.has('resubmit')) resubmit = true;
  }
  if (resubmit) buttons.push(button('resubmit', 'resubmit', 'opinion'));
  if (actions.submit) buttons.push(button('submit', 'submit', 'opinion'));
  if (actions.withdraw) buttons.push(button('withdraw', 'withdraw', 'opinion'));
  if (actions.urge) buttons.push(button('urge', 'urge', 'opinion'));
  if (actions.end) buttons.push(button('end', 'end', 'opinion'));
  return buttons;
}

const segment = encodeURIComponent;

/** The command a filled-in dialog sends: the route below /webapi/workflow and its body. */
export function commandCall(action: Pick<ActionButton, 'name' | 'taskSid'>, instanceSid: string, input: ActionInput) {
  const comment = input.comment?.trim();
  const body: Record<string, unknown> = comment ? { comment } : {};
  if (input.attachments?.length) body.attachments = input.attachments.map(({ file_sid, name }) => ({ file_sid, name }));
  const onTask = (verb: string, extra: Record<string, unknown> = {}): CommandCall => {
    if (!action.taskSid) throw new Error(`${action.name} needs a task`);
    return { path: `/tasks/${segment(action.taskSid)}/${verb}`, body: { ...body, ...extra } };
  };
  const onInstance = (verb: string): CommandCall => ({ path: `/instances/${segment(instanceSid)}/${verb}`, body });
  switch (action.name) {
    case 'approve':
    case 'reject':
      return onTask(action.name);
    case 'transfer':
      return onTask('transfer', { to_user_sid: input.userSid });
    case 'return':
      return onTask('return', input.targetNodeId ? { target_node_id: input.targetNodeId } : {});
    case 'jump':
      return onTask('jump', { target_node_id: input.targetNodeId });
    case 'addSign':
      return onTask('add-sign', { mode: input.mode, signer_sids: input.signerSids ?? [] });
    case 'resubmit':
    case 'submit':
    case 'withdraw':
    case 'urge':
    case 'end':
      return onInstance(action.name);
  }
}

/**
 * A refusal that means the process is no longer where the page showed it (handled in another tab or by
 * someone else, withdrawn, ended, deleted): the user is told and the panel reads it again.
 */
export function movedOn(failure: Pick<RequestFailure, 'status' | 'body'>): boolean {
  const code = failure.body?.code;
  if (failure.status === 404) return true;
  return (
    // Transferred or handed over meanwhile: the task is someone else's now.
    code === errors.notAssignee.code ||
    code === errors.taskAlreadyHandled.code ||
    code === errors.instanceNotRunning.code ||
    code === errors.instanceAlreadyOpen.code ||
    code === errors.withdrawNotAllowed.code ||
    code === errors.taskWaitingForSigners.code
  );
}
