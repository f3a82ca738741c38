// The documents domain in the server: a case's files (upload, preview, history, required categories).
// A case's deletion takes them along through the patents domain's delete hook.
import { documentsDomain } from '@ipdesk/core';
import { patentDocumentRoutes } from './routes/documents.js';
import type { ServerDomain } from '../types.js';

export const documentsServer: ServerDomain = {
  core: documentsDomain,
  routes: { '/webapi': [patentDocumentRoutes] },
};
