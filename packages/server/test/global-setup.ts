// Before the server tests: on PostgreSQL, create the extensions once (tests then run in their own
// schemas, and concurrent CREATE EXTENSION calls would race) and drop schemas left by killed runs.
import pg from 'pg';

export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const stale = await client.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'ipdesk_test_%'",
    );
    for (const { nspname } of stale.rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}
