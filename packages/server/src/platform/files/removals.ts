// Files and the rows that use them change together without a shared transaction: a file leaves the
// storage only after the rows are gone for good, and a file written for rows that never commit is
// removed. Pending removals sit in file_removal, so a crash in between is made good at the next start.
import type { Database, Queryable } from '../../db/database.js';
import type { FileStorage } from './storage.js';

/** Marks files for removal in the caller's transaction (rows deleted there). */
export async function queueFileRemovals(tx: Queryable, keys: readonly string[], at: Date): Promise<void> {
  if (!keys.length) return;
  await tx.query(
    `INSERT INTO file_removal (storage_key, requested_at) SELECT unnest($1::text[]), $2
     ON CONFLICT (storage_key) DO NOTHING`,
    [keys, at],
  );
}

export interface RemovalOutcome {
  removed: string[];
  /** Still queued; drainFileRemovals tries them again. */
  failed: string[];
}

/** After commit: removes the files and their queue entries. Never throws; failures stay queued. */
export async function removeStoredFiles(
  db: Queryable,
  storage: FileStorage,
  keys: readonly string[],
): Promise<RemovalOutcome> {
  const removed: string[] = [];
  const failed: string[] = [];
  for (const key of keys) {
    try {
      await storage.delete(key);
      removed.push(key);
    } catch {
      failed.push(key);
    }
  }
  if (removed.length) await db.query('DELETE FROM file_removal WHERE storage_key = ANY($1::text[])', [removed]);
  return { removed, failed };
}

/**
 * Removes every queued file requested before `before` (default: 15 minutes ago, so uploads still being
 * written by another instance are left alone). Run at start-up; returns what was done.
 */
export async function drainFileRemovals(
  db: Queryable,
  storage: FileStorage,
  options: { before?: Date; now?: Date } = {},
): Promise<RemovalOutcome> {
  const before = options.before ?? new Date((options.now ?? new Date()).getTime() - 15 * 60_000);
  const total: RemovalOutcome = { removed: [], failed: [] };
  for (;;) {
    const rows = await db.query<{ storage_key: string }>(
      'SELECT storage_key FROM file_removal WHERE requested_at < $1 AND NOT (storage_key = ANY($2::text[])) ORDER BY requested_at LIMIT 500',
      [before, total.failed],
    );
    if (!rows.length) return total;
    const outcome = await removeStoredFiles(
      db,
      storage,
      rows.map((r) => r.storage_key),
    );
    total.removed.push(...outcome.removed);
    total.failed.push(...outcome.failed);
  }
}

/**
 * Writes a new file and then the rows that use it, in one transaction. Until that transaction commits,
 * the file is queued for removal (committed before the write, so even a crash leaves no orphan); the
 * transaction takes it off the queue. If the transaction fails, the file is removed at once.
 */
export async function writeFileWithRows<T>(
  db: Database,
  storage: FileStorage,
  file: { key: string; at: Date; write: () => Promise<void> },
  rows: (tx: Queryable) => Promise<T>,
): Promise<T> {
  await queueFileRemovals(db, [file.key], file.at);
  try {
    await file.write();
    return await db.transaction(async (tx) => {
      const result = await rows(tx);
      await tx.query('DELETE FROM file_removal WHERE storage_key = $1', [file.key]);
      return result;
    });
  } catch (error) {
    await removeStoredFiles(db, storage, [file.key]);
    throw error;
  }
}
