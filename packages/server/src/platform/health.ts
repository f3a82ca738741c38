// Liveness for load balancers and operators: the database answers a trivial query, or the server says it
// is unavailable (503).
import { AppError } from '@ipdesk/core';
import type { Database } from '../db/database.js';

export type HealthDeps = { db: Pick<Database, 'query' | 'engine'> };

/** Which engine answered; serviceUnavailable when the database does not. */
export async function checkHealth({ db }: HealthDeps): Promise<{ database: Database['engine'] }> {
  try {
    await db.query('SELECT 1');
  } catch (cause) {
    throw new AppError('serviceUnavailable', { cause });
  }
  return { database: db.engine };
}
