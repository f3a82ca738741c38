// The workflow domain in the server: processes bound to records of every model (record hooks, installed
// first so an update a process refuses is refused before a domain recomputes) and the process routes.
import { workflowDomain } from '@ipdesk/core';
import { workflowAttachmentRoutes } from './routes/attachments.js';
import { workflowDefinitionRoutes } from './routes/definitions.js';
import { workflowReadRoutes } from './routes/reads.js';
import { workflowRoutes } from './routes/workflow.js';
import { installWorkflowRecordHooks } from './records/record-hooks.js';
import type { ServerDomain } from '../types.js';

export const workflowServer: ServerDomain = {
  core: workflowDomain,
  installHooks: (registry) => installWorkflowRecordHooks(registry),
  routes: { '/webapi': [workflowDefinitionRoutes, workflowRoutes, workflowReadRoutes, workflowAttachmentRoutes] },
};
