// The embedded engine's maintenance (pglite-maintenance.ts): single-user mode has no checkpointer and no
// autovacuum, so without these passes the WAL grew past a gigabyte during an import and the planner kept the
// statistics of empty tables (whole-table scans for indexed lookups).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/database.js';
import { WAL_CHECKPOINT_BYTES } from './pglite-maintenance.js';
import { openPglite, type PgliteDatabase } from './pglite.js';

const walBytes = (dataDir: string) =>
  readdirSync(path.join(dataDir, 'pg_wal'))
    .map((name) => statSync(path.join(dataDir, 'pg_wal', name)))
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + entry.size, 0);

describe.skipIf(onPostgres)('embedded engine on disk: maintenance passes', () => {
  let dataDir: string;
  let db: PgliteDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-maintenance-'));
    db = await openPglite(dataDir);
    // Leave the database as a fresh one would be, so each test sees only its own work.
    while ((await db.maintain())?.analyzed);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const plan = async (sql: string, params: string[][]) =>
    (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).map((row) => row['QUERY PLAN']).join('\n');

  it('analyzes a table once enough of it changed, so the planner sees its real size', async () => {
    await db.exec('CREATE TABLE keyed (id int PRIMARY KEY, key text)');
    await db.exec('CREATE INDEX keyed_key ON keyed (lower(key))');
    await db.exec("INSERT INTO keyed SELECT g, 'K' || g FROM generate_series(1, 200) g");
    expect((await db.maintain())?.analyzed).toBeNull(); // 200 changed rows: under the threshold (500)
    await db.exec("INSERT INTO keyed SELECT g, 'K' || g FROM generate_series(201, 50000) g");
    const pass = await db.maintain();
    expect(pass?.analyzed).toBe('"public"."keyed"');
    const [stats] = await db.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'keyed'");
    expect(stats?.reltuples).toBeGreaterThan(40_000);
    expect(await plan('SELECT id FROM keyed WHERE lower(key) = ANY($1::text[])', [['k7', 'k8']])).toMatch(
      /Index Scan using keyed_key/,
    );
    expect((await db.maintain())?.analyzed).toBeNull(); // nothing changed since
  });

  it('vacuums a table whose dead rows passed the threshold, only once the database is idle', async () => {
    await db.exec("UPDATE keyed SET key = key || 'x' WHERE id % 2 = 0"); // 25,000 dead rows
    // Just used: VACUUM reads the whole table and its indexes, so it waits for a quiet minute.
    expect((await db.maintain())?.vacuumed).toBeNull();
    let vacuumed: string | null = null;
    for (let i = 0; i < 3 && !vacuumed; i++) vacuumed = (await db.maintain(true))?.vacuumed ?? null;
    expect(vacuumed).toBe('"public"."keyed"');
    const [row] = await db.query<{ dead: number }>(
      "SELECT n_dead_tup AS dead FROM pg_stat_user_tables WHERE relname = 'keyed'",
    );
    expect(row?.dead).toBe(0);
  });

  it('checkpoints past the WAL bound and lets old segments go', async () => {
    await db.exec('CREATE TABLE filler (id int, text text)');
    // ~100 MB of WAL, three times the bound: nothing checkpoints on its own in single-user mode.
    for (let i = 0; i < 5; i++)
      await db.exec(`INSERT INTO filler SELECT g, repeat(md5(g::text), 20) FROM generate_series(1, 30000) g`);
    const sinceCheckpoint = async () =>
      (
        await db.query<{ bytes: number }>(
          'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::bigint AS bytes FROM pg_control_checkpoint()',
        )
      )[0]!.bytes;
    expect(await sinceCheckpoint()).toBeGreaterThan(3 * WAL_CHECKPOINT_BYTES);
    const before = walBytes(dataDir);

    expect((await db.maintain())?.checkpointed).toBe(true);
    expect(await sinceCheckpoint()).toBeLessThan(1024 * 1024);
    // Segments past max_wal_size (64MB) are removed, not kept for reuse.
    expect(walBytes(dataDir)).toBeLessThan(before);
    expect(walBytes(dataDir)).toBeLessThanOrEqual(80 * 1024 * 1024);
    expect((await db.maintain())?.checkpointed).toBe(false);
  });
});
