// The server tests' own databases on a PostgreSQL server (DATABASE_URL): one migrated template per run
// (ipdesk_tdb_tpl_<run>, made by the global setup) and one copy of it per test file (ipdesk_tdb_<sid>,
// CREATE DATABASE … TEMPLATE), which skips running the migrations and model DDL in every file.
// DATABASE_URL names the database the admin connection uses; the tests never write to it.
//
// Database names are global to the server, and another run (another worktree, another DATABASE_URL)
// may be making its own at the same time. So each database carries a label (a comment) with the run's
// DATABASE_URL database, host and process id, and only databases of this DATABASE_URL whose process has
// died are dropped as stale.
import { hostname } from 'node:os';
import pg from 'pg';

export const TEST_DATABASE_PREFIX = 'ipdesk_tdb_';
export const TEMPLATE_DATABASE_PREFIX = `${TEST_DATABASE_PREFIX}tpl_`;

interface DatabaseLabel {
  /** The database of the DATABASE_URL the run was started with. */
  source: string;
  host: string;
  pid: number;
}

function sourceOf(serverUrl: string): string {
  return decodeURIComponent(new URL(serverUrl).pathname.slice(1));
}

/** DATABASE_URL pointed at another database on the same server (user, host and options kept). */
export function runDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Names are made here from a fixed prefix and random letters or digits; quoting keeps them literal.
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Creates `name` as a copy of `template` (or the server's default template: an empty database).
 * The template must have no open connections while it is copied; nothing connects to a run's template
 * after the global setup closed it, and it refuses connections from then on.
 */
export async function createRunDatabase(serverUrl: string, name: string, template: string | undefined) {
  const label: DatabaseLabel = { source: sourceOf(serverUrl), host: hostname(), pid: process.pid };
  await withAdmin(serverUrl, async (client) => {
    await client.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ''}`);
    await client.query(`COMMENT ON DATABASE ${quoted(name)} IS ${client.escapeLiteral(JSON.stringify(label))}`);
  });
  return name;
}

/** Drops a run database; FORCE ends connections a closed pool may not have ended yet. */
export async function dropRunDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseLabel(comment: string | null): DatabaseLabel | undefined {
  if (!comment) return undefined;
  try {
    const label = JSON.parse(comment) as Partial<DatabaseLabel>;
    if (typeof label.source === 'string' && typeof label.host === 'string' && typeof label.pid === 'number')
      return { source: label.source, host: label.host, pid: label.pid };
  } catch {
    // Not one of ours.
  }
  return undefined;
}

/** Drops the databases that killed runs on this DATABASE_URL and host left behind. */
export async function dropStaleRunDatabases(serverUrl: string): Promise<string[]> {
  const source = sourceOf(serverUrl);
  const here = hostname();
  const rows = await withAdmin(serverUrl, async (client) => {
    const result = await client.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database
        WHERE starts_with(datname, $1)`,
      [TEST_DATABASE_PREFIX],
    );
    return result.rows;
  });
  const stale = rows
    .filter((row) => {
      const label = parseLabel(row.comment);
      return label?.source === source && label.host === here && !alive(label.pid);
    })
    .map((row) => row.datname);
  for (const name of stale) await dropRunDatabase(serverUrl, name);
  return stale;
}

/** Closes a migrated database to connections, so it can serve as a template for the rest of the run. */
export async function sealTemplate(serverUrl: string, name: string): Promise<void> {
  await withAdmin(serverUrl, (client) => client.query(`ALTER DATABASE ${quoted(name)} WITH ALLOW_CONNECTIONS false`));
}
