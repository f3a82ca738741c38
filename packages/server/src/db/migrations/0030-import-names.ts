import type { Migration } from './index.js';

// Issue 18: an import job remembers whether its user confirmed creating the records the file names that
// match none (applicants named in free text), which the job does before writing the rows.
export const importNames: Migration = {
  id: 30,
  name: 'import-names',
  sql: `ALTER TABLE import_job ADD COLUMN IF NOT EXISTS create_names boolean NOT NULL DEFAULT false;`,
};
