// Tables from declarations: the declared filter combinations get composite indexes that counts use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { onPostgres } from '../../../test/database.js';
import { BULK_PENDING_LIST_KB, modelDdl } from './ddl.js';
import { createModelRegistry } from './registry.js';

describe(`model tables (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('creates a composite index (tenant first) for each declared filter combination', async () => {
    const patent = createModelRegistry().get('patent')!;
    const statements = modelDdl(patent).filter((s) => s.includes('(tenant_sid, country, status, sid)'));
    expect(statements).toHaveLength(1);
    const indexes = await t.database.db.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'm_patent'",
    );
    const definitions = indexes.map((i) => i.indexdef);
    expect(definitions.some((d) => d.includes('(tenant_sid, country, status, sid)'))).toBe(true);
    expect(definitions.some((d) => d.includes('(tenant_sid, patent_type, country, sid)'))).toBe(true);
  });

  it('gives the keyword indexes of bulk-written models a larger pending list', async () => {
    const indexes = await t.database.db.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT c.relname, c.reloptions FROM pg_class c
        WHERE c.relname IN ('m_fee_title_trgm', 'm_fee_title_bigram', 'm_patent_title_trgm')`,
    );
    const options = new Map(indexes.map((i) => [i.relname, i.reloptions ?? []]));
    expect(options.get('m_fee_title_trgm')).toEqual([`gin_pending_list_limit=${BULK_PENDING_LIST_KB}`]);
    expect(options.get('m_fee_title_bigram')).toEqual([`gin_pending_list_limit=${BULK_PENDING_LIST_KB}`]);
    // Models written by people keep the default, so their searches never scan a long pending list.
    expect(options.get('m_patent_title_trgm')).toEqual([]);
  });

  it('lets a count of the combination read that index', async () => {
    // An empty table would be scanned whatever the indexes: ask the planner as for a big one, on one
    // connection (a transaction).
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        "EXPLAIN SELECT count(*) FROM m_patent t WHERE t.tenant_sid = 'T' AND t.country = 'US' AND t.status = 'rejected'",
      );
    });
    expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/m_patent_f[0-9a-f]{8}/);
  });
});
