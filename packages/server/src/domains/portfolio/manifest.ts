// Trademarks, copyrights, projects and papers: generic models only, served by the generic model routes.
import { portfolioDomain } from '@ipdesk/core';
import type { ServerDomain } from '../types.js';

export const portfolioServer: ServerDomain = { core: portfolioDomain };
