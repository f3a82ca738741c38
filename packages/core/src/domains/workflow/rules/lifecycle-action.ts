// Issue 18 "approval-bound actions": a process may name the lifecycle action of its model it approves.
// The action must be one the model declares, and declared with `approval` (an action without it always
// runs directly, so a process bound to it would never start). Which actions each model has is the lint
// option `approvalActions` (lint.ts fills it from the product's declarations).
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

/** Per model, its lifecycle actions and whether each is declared with `approval`. */
export type ApprovalActions = Readonly<Record<string, Readonly<Record<string, boolean>>>>;

export const lifecycleAction = processRule((view, reporter, config) => {
  const { model, action } = view.graph.settings;
  if (!action || !model) return;
  const actions = (config['approvalActions'] ?? {}) as ApprovalActions;
  const processId = view.process.id ?? '';
  const approval = Object.prototype.hasOwnProperty.call(actions[model] ?? {}, action)
    ? actions[model]![action]
    : undefined;
  if (approval === undefined) report(reporter, processId, 'workflowDesign.problem.actionUnknown', { model, action });
  else if (!approval) report(reporter, processId, 'workflowDesign.problem.actionNotApproval', { action });
});
