// The people domain in the server: person and agent actions (accounts, resignation), and the rule that
// closing an agency (its lifecycle action) waits for its agents' accounts to be closed.
import { peopleDomain } from '@ipdesk/core';
import { installAgencyHooks } from './agency-hooks.js';
import { peopleRoutes } from './routes/people.js';
import type { ServerDomain } from '../types.js';

export const peopleServer: ServerDomain = {
  core: peopleDomain,
  installHooks: (registry) => installAgencyHooks(registry),
  routes: { '/webapi': [peopleRoutes] },
};
