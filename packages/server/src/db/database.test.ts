import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, onPostgres, type TestDatabase } from '../../test/database.js';

describe(`database (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(() => test.close());

  it('reports its engine', () => {
    expect(test.db.engine).toBe(onPostgres ? 'postgres' : 'pglite');
  });

  it.skipIf(onPostgres)(
    'runs the embedded engine with small shared buffers and a bounded WAL (pglite.ts)',
    async () => {
      const setting = async (name: string) =>
        (await test.db.query<{ value: string }>('SELECT current_setting($1) AS value', [name]))[0]?.value;
      // Not the defaults (128MB, 1GB): those kept ~100 MB more resident and up to 1 GB of WAL segments for reuse.
      expect(await setting('shared_buffers')).toBe('32MB');
      expect(await setting('max_wal_size')).toBe('64MB');
      // Short merges of the trigram indexes' pending entries instead of a long one on the event loop.
      expect(await setting('gin_pending_list_limit')).toBe('256kB');
      // ANALYZE samples 300 × this many rows, on the event loop.
      expect(await setting('default_statistics_target')).toBe('10');
      // With fsync off already (PGlite's own), full-page images only multiplied the WAL.
      expect(await setting('fsync')).toBe('off');
      expect(await setting('full_page_writes')).toBe('off');
    },
  );

  it('stores and reads bytes exactly: every byte value, empty, and a view into a larger buffer', async () => {
    const every = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const pool = Buffer.from('....middle....');
    const view = pool.subarray(4, 10); // 'middle', at an offset of its buffer
    const rows = await test.db.query<{ a: Uint8Array; b: Uint8Array; c: Uint8Array }>(
      'SELECT $1::bytea AS a, $2::bytea AS b, $3::bytea AS c',
      [every, new Uint8Array(0), view],
    );
    expect([...rows[0]!.a]).toEqual([...every]);
    expect(rows[0]!.b.length).toBe(0);
    expect(Buffer.from(rows[0]!.c).toString()).toBe('middle');
    const [hex] = await test.db.query<{ hex: string }>("SELECT encode($1::bytea, 'hex') AS hex", [view]);
    expect(hex?.hex).toBe(Buffer.from('middle').toString('hex'));
  });

  it('binds parameters and returns rows', async () => {
    const rows = await test.db.query<{ greeting: string; n: number }>(
      "SELECT $1::text || ' world' AS greeting, $2::int AS n",
      ["hello'); DROP TABLE tenant; --", 7],
    );
    expect(rows).toEqual([{ greeting: "hello'); DROP TABLE tenant; -- world", n: 7 }]);
  });

  it('returns bigint counts as numbers on both engines', async () => {
    const [row] = await test.db.query<{ total: unknown }>('SELECT count(*) AS total FROM generate_series(1, 3)');
    expect(row?.total).toBe(3);
  });

  it('returns numeric as numbers and dates as plain text on both engines', async () => {
    const [row] = await test.db.query<{ amount: unknown; day: unknown }>(
      "SELECT 1234.56::numeric AS amount, '2024-02-29'::date AS day",
    );
    expect(row).toEqual({ amount: 1234.56, day: '2024-02-29' });
  });

  it('returns timestamptz as a Date of the same instant on both engines', async () => {
    const [row] = await test.db.query<{ at: Date; plain: Date }>(
      "SELECT '2023-09-03 23:36:09.006789+08'::timestamptz AS at, '2023-09-03 15:36:09+00'::timestamptz AS plain",
    );
    expect(row?.at.toISOString()).toBe('2023-09-03T15:36:09.006Z');
    expect(row?.plain.toISOString()).toBe('2023-09-03T15:36:09.000Z');
  });

  describe('change notifications (ipdesk_auth)', () => {
    // Any statement on a table the session check reads notifies, even one that changes no row.
    const touch = (db: { query(sql: string): Promise<unknown> }) =>
      db.query("UPDATE tenant SET access_version = access_version WHERE sid = 'none'");

    it('reports this database’s own write before the write resolves, and a transaction’s at its commit', async () => {
      let heard = 0;
      const stop = test.db.onNotify('ipdesk_auth', () => heard++);
      try {
        await touch(test.db);
        expect(heard).toBe(1);
        await test.db.transaction(async (tx) => {
          await touch(tx);
          expect(heard).toBe(1);
        });
        expect(heard).toBe(2);
        await expect(
          test.db.transaction(async (tx) => {
            await touch(tx);
            throw new Error('undo');
          }),
        ).rejects.toThrow('undo');
        await test.db.query('SELECT 1');
        expect(heard).toBe(2);
      } finally {
        stop();
      }
      await touch(test.db);
      expect(heard).toBe(2);
    });

    it.skipIf(!onPostgres)('hears another server’s write on the same database', async () => {
      const other = await test.openAnother!();
      let heard = 0;
      const stop = test.db.onNotify('ipdesk_auth', () => heard++);
      try {
        await test.db.query('SELECT 1'); // a connection of this pool is open and listening
        await touch(other);
        for (let waited = 0; heard === 0 && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10));
        expect(heard).toBe(1);
      } finally {
        stop();
      }
    });
  });

  it.skipIf(!onPostgres)('runs short queries without JIT or parallel workers', async () => {
    const [jit] = await test.db.query<{ jit: string }>('SHOW jit');
    const [workers] = await test.db.query<{ max_parallel_workers_per_gather: string }>(
      'SHOW max_parallel_workers_per_gather',
    );
    expect([jit?.jit, workers?.max_parallel_workers_per_gather]).toEqual(['off', '0']);
  });

  it('has pg_trgm loaded', async () => {
    const [row] = await test.db.query<{ score: number }>("SELECT similarity('patent', 'patents') AS score");
    expect(row?.score).toBeGreaterThan(0.5);
  });

  it('commits a transaction that resolves', async () => {
    await test.db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO tenant (sid, code, name_zh, name_en) VALUES ('AAAAAAAAAAAAAAA1', 'committed', '甲', 'A')",
      );
    });
    const rows = await test.db.query("SELECT code FROM tenant WHERE code = 'committed'");
    expect(rows).toHaveLength(1);
  });

  it('rolls back every write of a transaction that throws', async () => {
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO tenant (sid, code, name_zh, name_en) VALUES ('AAAAAAAAAAAAAAA2', 'rolled', '乙', 'B')",
        );
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const rows = await test.db.query("SELECT code FROM tenant WHERE code = 'rolled'");
    expect(rows).toHaveLength(0);
  });

  it('rolls back when a statement inside fails, and the database stays usable', async () => {
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO tenant (sid, code, name_zh, name_en) VALUES ('AAAAAAAAAAAAAAA3', 'half', '丙', 'C')",
        );
        await tx.query("INSERT INTO tenant (sid, code, name_zh, name_en) VALUES ('bad sid', 'half2', '丙', 'C')");
      }),
    ).rejects.toThrow();
    expect(await test.db.query("SELECT 1 FROM tenant WHERE code LIKE 'half%'")).toHaveLength(0);
    expect(await test.db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
