// App-wide secrets (token signing key, RSA key pair, master key) kept in the database so every app
// server shares them and restarts keep sessions valid. Created once, under a lock, on first use.
import type { Database } from '../../db/database.js';

export async function getOrCreateSecret(db: Database, name: string, generate: () => string): Promise<string> {
  const existing = await db.query<{ value: string }>('SELECT value FROM app_secret WHERE name = $1', [name]);
  if (existing[0]) return existing[0].value;
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE app_secret IN SHARE ROW EXCLUSIVE MODE');
    const again = await tx.query<{ value: string }>('SELECT value FROM app_secret WHERE name = $1', [name]);
    if (again[0]) return again[0].value;
    const value = generate();
    await tx.query('INSERT INTO app_secret (name, value) VALUES ($1, $2)', [name, value]);
    return value;
  });
}
