// What PostgreSQL's background processes do, done for the embedded engine. PGlite runs PostgreSQL in
// single-user mode, which has neither a checkpointer nor autovacuum:
// - nothing ever checkpoints on its own (max_wal_size is not acted on), so the WAL grew without bound —
//   1.1–1.3 GB after a 100,000-row import, more than the data;
// - no table is ever analyzed, so the planner keeps the statistics of an empty table: after a 100,000-row
//   import, lookups by an indexed key became scans of the whole table (each step of a second import held the
//   event loop ~0.5 s), and dead rows (updates, deletes) are never made reusable.
// Every 5 s one pass: ANALYZE the table most changed since its last analysis (past 500 rows + half its size:
// the planner scales row counts by the table's current size itself, so it needs fresh statistics only when
// the data changed shape, not at autovacuum's every 10 %) and CHECKPOINT once 32 MB of WAL were written; VACUUM
// the table with dead rows past 50 + 20 % only once the database has been idle for a minute. A statement here
// holds the event loop like any other: ANALYZE of the patents table took 1.7–2.8 s at the default statistics
// target and ~0.27 s at the embedded engine's 10 (pglite.ts), while VACUUM reads the whole table and every
// index (2–3 s during an import). One table per kind per pass, each its own statement, so other requests get
// in between.
import type { PGlite } from '@electric-sql/pglite';

/** WAL written since the last checkpoint past which a pass checkpoints. */
export const WAL_CHECKPOINT_BYTES = 32 * 1024 * 1024;
const EVERY_MS = 5_000;

export interface MaintenancePass {
  analyzed: string | null;
  vacuumed: string | null;
  checkpointed: boolean;
}

// Tables named by the catalogue itself, quoted: no user input reaches these statements.
const quoted = (schema: string, table: string) => `"${schema.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}"`;

async function mostInNeed(pg: PGlite, condition: string, order: string): Promise<string | null> {
  const [row] = (
    await pg.query<{ schemaname: string; relname: string }>(
      `SELECT schemaname, relname FROM pg_stat_user_tables WHERE ${condition} ORDER BY ${order} DESC LIMIT 1`,
    )
  ).rows;
  return row ? quoted(row.schemaname, row.relname) : null;
}

/** Whether VACUUM may run: no statement for this long (the caller tracks when the last one ran). */
export const VACUUM_AFTER_IDLE_MS = 60_000;

export async function maintenancePass(pg: PGlite, idle: boolean): Promise<MaintenancePass> {
  // A backend hands its row counts to the statistics at most once a second when it goes idle: flush them now,
  // so the pass sees the changes made just before it.
  await pg.query('SELECT pg_stat_force_next_flush()');
  const analyzed = await mostInNeed(pg, 'n_mod_since_analyze > 500 + 0.5 * n_live_tup', 'n_mod_since_analyze');
  if (analyzed) await pg.exec(`ANALYZE ${analyzed}`);
  const vacuumed = idle ? await mostInNeed(pg, 'n_dead_tup > 50 + 0.2 * n_live_tup', 'n_dead_tup') : null;
  if (vacuumed) await pg.exec(`VACUUM ${vacuumed}`);
  const [wal] = (
    await pg.query<{ bytes: number }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::bigint AS bytes FROM pg_control_checkpoint()',
    )
  ).rows;
  const checkpointed = (wal?.bytes ?? 0) >= WAL_CHECKPOINT_BYTES;
  if (checkpointed) await pg.exec('CHECKPOINT');
  return { analyzed, vacuumed, checkpointed };
}

/**
 * Runs a pass every 5 s until stopped when `scheduled` (a database on disk; in-memory ones are tests', whose
 * plans and timings must not change under them); `runNow` runs one at once, never two at a time.
 * `lastActivity` answers when the database last ran a statement of the application (for VACUUM's idle rule);
 * `runNow` takes `idle` to decide it directly.
 */
export function startMaintenance(
  pg: PGlite,
  scheduled: boolean,
  lastActivity: () => number,
): { runNow(idle?: boolean): Promise<MaintenancePass | null>; stop(): void } {
  let running = false;
  const runNow = async (idle = Date.now() - lastActivity() >= VACUUM_AFTER_IDLE_MS) => {
    if (running || pg.closed) return null;
    running = true;
    try {
      return await maintenancePass(pg, idle);
    } finally {
      running = false;
    }
  };
  const timer = scheduled ? setInterval(() => void runNow().catch(() => undefined), EVERY_MS) : undefined;
  timer?.unref();
  return { runNow, stop: () => clearInterval(timer) };
}
