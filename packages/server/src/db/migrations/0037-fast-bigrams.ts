import type { Migration } from './index.js';

// The bigram index expression (migration 0004) ran a small query per value: generate_series, DISTINCT and
// array_agg. On the embedded engine that cost ~70–180 µs per value, and with three keyword columns on a patent
// it was 60 % of an insert's cost (docs/benchmarks.md, "Imports on the embedded engine"). Now it is one
// expression, which PostgreSQL inlines into the index (and into queries) instead of calling a function:
// the pairs starting at even offsets, then those at odd offsets, split apart by regexp_replace. It is not
// declared STRICT, since PostgreSQL inlines a strict function only when its body is strict too, and array
// concatenation is not; a NULL value gives NULL all the same.
//
// That leaves a lone last character of each half in the array (and an empty string when a half has an even
// length): extra keys that cost little and match nothing a search asks for, because the term's side is
// ipdesk_term_bigrams, which keeps the exact pairs. The arrays of rows indexed before this migration hold
// exactly the pairs, a subset of what they would hold now but all a term can ask for, so the indexes stay
// valid without a rebuild (replacing the function keeps the indexes bound to it). The separator is U+001F (unit
// separator): a value holding that control character loses the pairs around it, so only a search for a term
// containing it could miss that value.
export const fastBigrams: Migration = {
  id: 37,
  name: 'fast-bigrams',
  sql: `
CREATE FUNCTION ipdesk_term_bigrams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(input), i, 2)), '{}'::text[])
    FROM generate_series(1, length(input) - 1) AS i
$$;

CREATE OR REPLACE FUNCTION ipdesk_bigrams(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE
AS $$
  SELECT string_to_array(regexp_replace(lower(input), '(..)', E'\\\\1\\x1f', 'g'), E'\\x1f')
      || string_to_array(regexp_replace(substr(lower(input), 2), '(..)', E'\\\\1\\x1f', 'g'), E'\\x1f')
$$;
`,
};
