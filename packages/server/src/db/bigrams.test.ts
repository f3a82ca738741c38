// The bigram index expression (migrations 0004 and 0037): every pair of characters a value holds is in
// ipdesk_bigrams(value), so `ipdesk_bigrams(column) @> ipdesk_term_bigrams(term)` never drops a value that
// contains the term; and the expression still matches its index once PostgreSQL has inlined it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, openTestDatabase, type TestDatabase } from '../../test/database.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const indexesUsed = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesUsed),
];

/** Values of both parities and lengths 0–9, CJK, mixed case, spaces and punctuation. */
const VALUES = [
  '',
  'a',
  'ab',
  'abc',
  '固态电池',
  '一种固态电解质电池的制备方法',
  'Lithium-Ion Battery 电池组 v2',
  "O'Brien's 传感器",
  '50%_off 光伏',
  'CN202410123456.7',
  'ÄÖü Straße',
];

describe(`bigram search keys (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('holds every pair of characters of the value, so every substring of two or more characters is found', async () => {
    const cases = VALUES.flatMap((value) => {
      const chars = [...value];
      const terms = new Set<string>();
      for (let start = 0; start < chars.length; start++)
        for (let end = start + 2; end <= Math.min(chars.length, start + 5); end++)
          terms.add(chars.slice(start, end).join(''));
      return [...terms].map((term) => ({ value, term }));
    });
    expect(cases.length).toBeGreaterThan(150);
    const rows = await database.db.query<{ value: string; term: string; found: boolean }>(
      `SELECT c.value, c.term, ipdesk_bigrams(c.value) @> ipdesk_term_bigrams(c.term) AS found
         FROM unnest($1::text[], $2::text[]) AS c(value, term)`,
      // ASCII letters in the other case: lower() folds them alike on both sides (other letters are compared as
      // they are, as ILIKE compares them in the embedded engine's C locale).
      [cases.map((c) => c.value), cases.map((c) => c.term.replace(/[a-z]/g, (letter) => letter.toUpperCase()))],
    );
    expect(rows.filter((r) => !r.found)).toEqual([]);
    expect(rows).toHaveLength(cases.length);
  });

  it('asks for exact pairs only: a term whose pairs a value lacks is not a candidate', async () => {
    const [row] = await database.db.query<{ a: boolean; b: boolean; c: boolean; term: string[] }>(
      `SELECT ipdesk_bigrams('电池组件') @> ipdesk_term_bigrams('池') AS a,
              ipdesk_bigrams('电池组件') @> ipdesk_term_bigrams('组电') AS b,
              ipdesk_bigrams('abcd') @> ipdesk_term_bigrams('bd') AS c,
              ipdesk_term_bigrams('电池电') AS term`,
    );
    // A one-character term has no pair: it asks for nothing (ILIKE alone decides, iql-compile.ts).
    expect(row).toEqual({ a: true, b: false, c: false, term: expect.arrayContaining(['电池', '池电']) });
    expect(row!.term).toHaveLength(2);
  });

  it('is inlined where it is used (no function call per value), and empty for no value', async () => {
    await database.db.transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE bigram_inline (title text) ON COMMIT DROP');
      const plan = await tx.query<{ 'QUERY PLAN': string }>(
        'EXPLAIN (VERBOSE, COSTS OFF) SELECT ipdesk_bigrams(title) FROM bigram_inline',
      );
      const output = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(output).toContain('regexp_replace');
      expect(output).not.toContain('ipdesk_bigrams');
    });
    const [row] = await database.db.query<{ none: string[] | null }>('SELECT ipdesk_bigrams(NULL) AS none');
    expect(row!.none).toBeNull();
  });

  it('is matched to the bigram index in a search', async () => {
    await database.db.transaction(async (tx) => {
      await tx.query('CREATE TABLE bigram_probe (sid text PRIMARY KEY, title text)');
      await tx.query('CREATE INDEX bigram_probe_title_bigram ON bigram_probe USING gin (ipdesk_bigrams(title))');
      await tx.query(
        `INSERT INTO bigram_probe SELECT 'S' || i, CASE WHEN i % 50 = 0 THEN '固态电池' ELSE '光伏组件' END || i
           FROM generate_series(1, 2000) AS i`,
      );
      await tx.query('ANALYZE bigram_probe');
      // The table is small: without this the planner may rightly prefer reading it whole.
      await tx.query('SET LOCAL enable_seqscan = off');
      const [plan] = await tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `EXPLAIN (FORMAT JSON) SELECT sid FROM bigram_probe
          WHERE title ILIKE '%电池%' AND ipdesk_bigrams(title) @> ipdesk_term_bigrams('电池')`,
      );
      expect(indexesUsed(plan!['QUERY PLAN'][0]!.Plan)).toContain('bigram_probe_title_bigram');
      const found = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bigram_probe WHERE title ILIKE '%电池%' AND ipdesk_bigrams(title) @> ipdesk_term_bigrams('电池')`,
      );
      expect(found[0]!.n).toBe(40);
      await tx.query('DROP TABLE bigram_probe');
    });
  });
});
