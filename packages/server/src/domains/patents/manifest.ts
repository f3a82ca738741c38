// The patents domain in the server: the hooks that recompute a case's deadlines, fees and expiry when it
// or one of its items is saved (and take its dependents along on delete), and the deadline, fee, calendar
// and relation routes.
import { patentsDomain } from '@ipdesk/core';
import { patentDeadlineRoutes } from './routes/deadlines.js';
import { patentRelationRoutes } from './routes/relations.js';
import { installPatentHooks } from './hooks.js';
import type { ServerDomain } from '../types.js';

export const patentsServer: ServerDomain = {
  core: patentsDomain,
  installHooks: (registry, context) => installPatentHooks(registry, context),
  routes: { '/webapi': [patentDeadlineRoutes, patentRelationRoutes] },
};
