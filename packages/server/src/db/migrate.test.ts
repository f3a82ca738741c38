import { afterEach, describe, expect, it } from 'vitest';
import { openEmptyDatabase, onPostgres, type TestDatabase } from '../../test/database.js';
import { migrate, MigrationError } from './migrate.js';
import { migrations } from './migrations/index.js';

describe(`migrations (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('applies every migration once and records it', async () => {
    test = await openEmptyDatabase();
    const first = await migrate(test.db);
    expect(first.applied).toEqual(migrations.map((m) => `${m.id} ${m.name}`));
    const second = await migrate(test.db);
    expect(second.applied).toEqual([]);
    const rows = await test.db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
  });

  it('applies only the new ones on a later version', async () => {
    test = await openEmptyDatabase();
    await migrate(test.db);
    const next = { id: 9001, name: 'add note', sql: 'CREATE TABLE note (id int PRIMARY KEY)' };
    const report = await migrate(test.db, [...migrations, next]);
    expect(report.applied).toEqual(['9001 add note']);
    expect(await test.db.query('SELECT * FROM note')).toEqual([]);
  });

  it('refuses to start when an applied migration was edited', async () => {
    test = await openEmptyDatabase();
    await migrate(test.db);
    const edited = migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
    await expect(migrate(test.db, edited)).rejects.toThrow(MigrationError);
  });

  it('refuses a database that has migrations this version does not know', async () => {
    test = await openEmptyDatabase();
    await migrate(test.db, [...migrations, { id: 9002, name: 'future', sql: 'SELECT 1' }]);
    await expect(migrate(test.db)).rejects.toThrow(/does not know/);
  });

  it('leaves nothing behind when a migration fails', async () => {
    test = await openEmptyDatabase();
    const broken = [
      ...migrations,
      { id: 9003, name: 'broken', sql: 'CREATE TABLE x (id int); SELECT * FROM missing_table' },
    ];
    await expect(migrate(test.db, broken)).rejects.toThrow();
    const tables = await test.db.query(
      "SELECT table_name FROM information_schema.tables WHERE table_name IN ('tenant', 'x', 'schema_migrations') AND table_schema = current_schema()",
    );
    expect(tables).toEqual([]);
  });
});
