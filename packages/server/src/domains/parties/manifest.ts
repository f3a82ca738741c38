// The parties domain in the server: applicants run on the generic pipeline alone (their checks are their
// declaration's; matching names in imports is the transfer module's, for any model declaring nameFields);
// an internal expert takes its user's name (expert-hooks.ts).
import { partiesDomain } from '@ipdesk/core';
import type { ServerDomain } from '../types.js';
import { installExpertHooks } from './expert-hooks.js';

export const partiesServer: ServerDomain = {
  core: partiesDomain,
  installHooks: (registry) => installExpertHooks(registry),
};
