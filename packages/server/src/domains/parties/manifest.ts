// The parties domain in the server: the applicant model runs on the generic pipeline alone (its checks
// are its declaration's; matching names in imports is the transfer module's, for any model declaring
// nameFields), so it brings no hooks or routes of its own yet.
import { partiesDomain } from '@ipdesk/core';
import type { ServerDomain } from '../types.js';

export const partiesServer: ServerDomain = { core: partiesDomain };
