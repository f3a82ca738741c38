// The workflow domain in the server: processes bound to records of every model (record hooks, installed
// first so an update a process refuses is refused before a domain recomputes) and the process routes.
import { workflowDomain } from '@ipdesk/core';
import { workflowAttachmentRoutes } from '../../http/routes/workflow-attachments.js';
import { workflowDefinitionRoutes } from '../../http/routes/workflow-definitions.js';
import { workflowReadRoutes } from '../../http/routes/workflow-reads.js';
import { workflowRoutes } from '../../http/routes/workflow.js';
import { installWorkflowRecordHooks } from '../../modules/workflow/records/record-hooks.js';
import type { ServerDomain } from '../types.js';

export const workflowServer: ServerDomain = {
  core: workflowDomain,
  installHooks: (registry) => installWorkflowRecordHooks(registry),
  routes: { '/webapi': [workflowDefinitionRoutes, workflowRoutes, workflowReadRoutes, workflowAttachmentRoutes] },
};
