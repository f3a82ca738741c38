// The people domain in the server: person, agency and agent actions (accounts, resignation, closing).
import { peopleDomain } from '@ipdesk/core';
import { peopleRoutes } from './routes/people.js';
import type { ServerDomain } from '../types.js';

export const peopleServer: ServerDomain = {
  core: peopleDomain,
  routes: { '/webapi': [peopleRoutes] },
};
