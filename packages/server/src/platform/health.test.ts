// checkHealth on a real database: the engine that answered; once the database is gone, serviceUnavailable
// (503), as the load balancer's health check expects.
import { describe, expect, it } from 'vitest';
import { onPostgres, openTestDatabase } from '../../test/database.js';
import { checkHealth } from './health.js';

describe(`checkHealth (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('names the engine while the database answers, and is unavailable once it is closed', async () => {
    const database = await openTestDatabase();
    expect(await checkHealth({ db: database.db })).toEqual({ database: onPostgres ? 'postgres' : 'pglite' });
    await database.close();
    await expect(checkHealth({ db: database.db })).rejects.toMatchObject({ definition: { code: 503000 } });
  });
});
