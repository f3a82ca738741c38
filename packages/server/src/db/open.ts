// Picks the engine from configuration: DATABASE_URL means a PostgreSQL server, else PGlite in DATA_DIR.
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl
    ? openPostgres({ connectionString: config.databaseUrl })
    : openPglite(path.join(config.dataDir, 'pglite'));
}
