// Versioned migrations, applied at start inside one transaction under an advisory lock, so several
// app servers starting together apply each migration once. An applied migration whose text changed
// stops the start: history is never rewritten silently.
import { createHash } from 'node:crypto';
import type { Database } from './database.js';
import { migrations as allMigrations, type Migration } from './migrations/index.js';

const LOCK_KEY = 74_013_001; // arbitrary constant, the same in every process of this app

export class MigrationError extends Error {
  override name = 'MigrationError';
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

export interface MigrationReport {
  applied: string[];
}

export async function migrate(
  db: Database,
  migrations: readonly Migration[] = allMigrations,
): Promise<MigrationReport> {
  const ids = migrations.map((m) => m.id);
  if (ids.some((id, i) => i > 0 && id <= (ids[i - 1] ?? 0))) {
    throw new MigrationError('Migration ids must be strictly increasing');
  }
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await tx.query<{ id: number; name: string; checksum: string }>(
      'SELECT id, name, checksum FROM schema_migrations ORDER BY id',
    );
    const known = new Map(migrations.map((m) => [m.id, m]));
    for (const row of done) {
      const migration = known.get(row.id);
      if (!migration)
        throw new MigrationError(`Database has migration ${row.id} (${row.name}) that this version does not know`);
      if (checksum(migration.sql) !== row.checksum) {
        throw new MigrationError(`Migration ${row.id} (${row.name}) was changed after it was applied`);
      }
    }
    const appliedIds = new Set(done.map((row) => row.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (appliedIds.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, name, checksum) VALUES ($1, $2, $3)', [
        migration.id,
        migration.name,
        checksum(migration.sql),
      ]);
      applied.push(`${migration.id} ${migration.name}`);
    }
    return { applied };
  });
}
