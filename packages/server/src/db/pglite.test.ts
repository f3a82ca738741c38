// The embedded engine on disk keeps its WAL bounded: single-user mode has no checkpointer, so without
// walCheckpoints the WAL grew past a gigabyte during an import.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/database.js';
import { openPglite, WAL_CHECKPOINT_BYTES, type PgliteDatabase } from './pglite.js';

const walBytes = (dataDir: string) =>
  readdirSync(path.join(dataDir, 'pg_wal'))
    .map((name) => statSync(path.join(dataDir, 'pg_wal', name)))
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + entry.size, 0);

describe.skipIf(onPostgres)('embedded engine on disk: WAL checkpoints', () => {
  let dataDir: string;
  let db: PgliteDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-wal-'));
    db = await openPglite(dataDir);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const sinceCheckpoint = async () =>
    (
      await db.query<{ bytes: number }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::bigint AS bytes FROM pg_control_checkpoint()',
      )
    )[0]!.bytes;

  it('does not checkpoint for a little WAL, checkpoints past the bound and lets old segments go', async () => {
    await db.exec('CREATE TABLE filler (id int, text text)');
    await db.exec('INSERT INTO filler SELECT g, md5(g::text) FROM generate_series(1, 1000) g');
    expect(await db.checkpointIfDue()).toBe(false);

    // ~100 MB of WAL, three times the bound: nothing checkpoints on its own in single-user mode.
    for (let i = 0; i < 5; i++)
      await db.exec(`INSERT INTO filler SELECT g, repeat(md5(g::text), 20) FROM generate_series(1, 30000) g`);
    expect(await sinceCheckpoint()).toBeGreaterThan(3 * WAL_CHECKPOINT_BYTES);
    const before = walBytes(dataDir);

    expect(await db.checkpointIfDue()).toBe(true);
    expect(await sinceCheckpoint()).toBeLessThan(1024 * 1024);
    // Segments past max_wal_size (64MB) are removed, not kept for reuse.
    expect(walBytes(dataDir)).toBeLessThan(before);
    expect(walBytes(dataDir)).toBeLessThanOrEqual(80 * 1024 * 1024);
  });
});
