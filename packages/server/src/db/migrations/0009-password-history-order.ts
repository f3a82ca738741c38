import type { Migration } from './index.js';

// Password history in the order the passwords were set. Timestamps tie (several changes in one
// clock tick, a test clock) and clocks move backwards; a sequence does neither.
export const passwordHistoryOrder: Migration = {
  id: 9,
  name: 'password-history-order',
  sql: `
ALTER TABLE password_history ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX password_history_seq_idx ON password_history (user_sid, seq DESC);
`,
};
