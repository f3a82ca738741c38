import type { Migration } from './index.js';

// Two-character terms ('电池') are below pg_trgm's three-character grams, so a substring search for
// them scans the table. The bigrams of a text, as an array, give a GIN-indexable test:
// ipdesk_bigrams(title) @> ipdesk_bigrams('电池') finds the candidates, ILIKE confirms them.
export const bigrams: Migration = {
  id: 4,
  name: 'bigrams',
  sql: `
CREATE FUNCTION ipdesk_bigrams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(input), i, 2)), '{}'::text[])
    FROM generate_series(1, length(input) - 1) AS i
$$;
`,
};
