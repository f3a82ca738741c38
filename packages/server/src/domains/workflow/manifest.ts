// The workflow domain in the server: processes bound to records of every model (record hooks, installed
// first so an update a process refuses is refused before a domain recomputes), the approval of lifecycle
// actions (a bound process started by the action, its end moving the status) and the process routes.
import { evaluateCondition, workflowDomain } from '@ipdesk/core';
import { workflowAttachmentRoutes } from './routes/attachments.js';
import { workflowDefinitionRoutes } from './routes/definitions.js';
import { workflowReadRoutes } from './routes/reads.js';
import { workflowRoutes } from './routes/workflow.js';
import { installApprovalActions } from './records/approval-actions.js';
import { installWorkflowRecordHooks } from './records/record-hooks.js';
import type { ServerDomain } from '../types.js';

export const workflowServer: ServerDomain = {
  core: workflowDomain,
  installHooks: (registry, context) => {
    installWorkflowRecordHooks(registry);
    installApprovalActions(registry, { registry, now: context.now, evaluate: evaluateCondition });
  },
  routes: { '/webapi': [workflowDefinitionRoutes, workflowRoutes, workflowReadRoutes, workflowAttachmentRoutes] },
};
