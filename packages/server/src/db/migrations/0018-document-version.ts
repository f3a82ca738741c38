import type { Migration } from './index.js';

// Optimistic concurrency for a document's metadata, as records have it: every metadata change raises
// the row's version, and a change sent with a version read before another one is refused (409000).
// Named `version` as on records; the document's own edition number stays `major_version`.
export const documentVersion: Migration = {
  id: 18,
  name: 'document-version',
  sql: `
ALTER TABLE patent_document ADD COLUMN version integer NOT NULL DEFAULT 1;
`,
};
