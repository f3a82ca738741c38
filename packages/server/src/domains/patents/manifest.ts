// The patents domain in the server: the hooks that recompute a case's deadlines, fees and expiry when it
// or one of its items is saved (and take its dependents along on delete), and the deadline, fee, calendar
// and relation routes.
import { patentsDomain } from '@ipdesk/core';
import { patentDeadlineRoutes } from '../../http/routes/patent-deadlines.js';
import { patentRelationRoutes } from '../../http/routes/patent-relations.js';
import { installPatentHooks } from '../../modules/patents/hooks.js';
import type { ServerDomain } from '../types.js';

export const patentsServer: ServerDomain = {
  core: patentsDomain,
  installHooks: (registry, context) => installPatentHooks(registry, context),
  routes: { '/webapi': [patentDeadlineRoutes, patentRelationRoutes] },
};
