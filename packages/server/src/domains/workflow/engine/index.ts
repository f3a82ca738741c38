// The workflow engine's public face: commands (the engine's dependencies, who acts, the input; one
// transaction each, tenant-scoped, plain data back), the approval panel's view, the lists, listeners, timers
// and the outbox.
export { createWorkflowDeps } from './context.js';
export type { ConditionEvaluator, WorkflowDeps } from './context.js';
export type { CommandResult, InstanceCommandInput, Opinion, TaskCommandInput } from './command.js';
export { startProcess, submitDraft, type StartInput } from './start.js';
export { agreeTask, approveTask, rejectTask, resubmitInstance } from './decide.js';
export { jumpTask, returnTask, type JumpInput, type ReturnInput } from './back.js';
export { withdrawInstance } from './withdraw.js';
export {
  addSign,
  transferTask,
  ADD_SIGN_MODES,
  type AddSignInput,
  type AddSignMode,
  type TransferInput,
} from './sign.js';
export { endInstance, handOverTasks, urgeInstance, URGE_INTERVAL_MINUTES, type HandOverInput } from './manage.js';
export { openInstanceView, type InstanceView, type TaskAction } from './view.js';
export {
  countMyWorkflow,
  listMyCcInstances,
  listMyHandledTasks,
  listMyStartedInstances,
  listMyTodoTasks,
  type CcListItem,
  type InstanceListItem,
  type ListInput,
  type MyCounts,
  type Page,
  type TaskListItem,
} from './lists.js';
export {
  registerWorkflowListener,
  workflowListenerNames,
  type WorkflowEvent,
  type WorkflowListener,
} from './listeners.js';
export { runDueJobs } from './jobs.js';
export { dispatchOutbox, type DispatchReport } from './outbox.js';
export { startWorkflowRunner, type WorkflowRunner } from './runner.js';
export type { Attachment, InstanceStatus, TaskKind, TaskOutcome, TaskStatus } from './tables.js';
