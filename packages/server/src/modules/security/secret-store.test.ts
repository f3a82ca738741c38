// Secrets at rest (issue 15 #5): a dump of every table holds no usable key; generated keys live in
// DATA_DIR/secrets.json with mode 0600; keys an older version kept in app_secret are moved out (and
// what they sealed still opens); the sign-in key rotates and the previous one still opens an envelope
// made just before. Runs on PGlite and on PostgreSQL.
import { constants, createPublicKey, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENVELOPE_SEPARATOR, oaepCapacity, splitForEnvelope } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
} from '../../../test/accounts.js';
import { onPostgres, openTestDatabase } from '../../../test/database.js';
import { loadConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { createAccountsContext } from '../accounts/context.js';
import { sealedBox } from './sealed-box.js';
import { SECRETS_FILE } from './secret-store.js';

/** Every row of every table of the app's schema, as text: what a database dump would hold. */
async function dump(db: Queryable): Promise<string> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

function sealWith(publicKeyPem: string, bits: number, password: string): string {
  return splitForEnvelope(password, oaepCapacity(bits))
    .map((chunk) =>
      publicEncrypt(
        { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(chunk, 'utf8'),
      ).toString('base64'),
    )
    .join(ENVELOPE_SEPARATOR);
}

describe(`secrets at rest (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  const dataDir = () => t.app.accounts.config.dataDir;

  it('keeps generated keys in DATA_DIR/secrets.json, mode 0600, and none in a dump of the database', async () => {
    const file = path.join(dataDir(), SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { jwt_secret: string; master_key: string };
    expect(keys.jwt_secret.length).toBeGreaterThanOrEqual(32);
    expect(keys.master_key.length).toBeGreaterThanOrEqual(32);

    // A tenant's mail password too, so the dump holds every kind of stored secret.
    const tenant = await createTenant(t);
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const session = await signIn(t.app, admin.account, admin.password);
    await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/tenant/mail/do/update',
      headers: authed(session),
      payload: {
        host: '203.0.113.10',
        port: 587,
        secure: false,
        username: 'ip',
        from_address: 'ip@tenant.example',
        password: 'Mail#Secret-42',
        updated_at: null,
      },
    });

    const text = await dump(t.database.db);
    expect(text).toContain('ip@tenant.example'); // the dump did read the tables
    for (const secret of [keys.jwt_secret, keys.master_key, 'Mail#Secret-42', 'PRIVATE KEY']) {
      expect(text).not.toContain(secret);
    }
    const sealedKeys = await t.database.db.query<{ private_key_sealed: string }>(
      'SELECT private_key_sealed FROM envelope_key',
    );
    expect(sealedKeys).toHaveLength(1);
    // Sealed under the master key from the file, which the database never saw.
    expect(sealedBox(keys.master_key).open(sealedKeys[0]!.private_key_sealed)).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(await t.database.db.query('SELECT name FROM app_secret')).toEqual([]);
  });

  it('rotates the sign-in key after RSA_KEY_ROTATION_DAYS, still opening envelopes made with the previous key', async () => {
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    const key = async () =>
      (await t.app.inject({ method: 'GET', url: '/passport/get_public_key' })).json().data.public_key as string;
    const first = await key();
    const inFlight = sealWith(first, 2048, user.password); // the page fetched the key, then…
    t.clock.advanceMinutes(31 * 24 * 60); // …the key turned 31 days old (default rotation: 30)
    const second = await key();
    expect(second).not.toBe(first);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/passport/login',
        headers: { 'x-language': 'en' },
        payload: { account: user.account, password },
      });
    expect((await login(inFlight)).statusCode).toBe(200);
    expect((await login(sealWith(second, 2048, user.password))).statusCode).toBe(200);

    t.clock.advanceMinutes(31 * 24 * 60);
    const third = await key();
    expect(third).not.toBe(second);
    // Two rotations old: no longer opened, the same answer as a wrong password.
    expect((await login(inFlight)).json().code).toBe(400102);
    expect((await login(sealWith(second, 2048, user.password))).statusCode).toBe(200);
    const kept = await t.database.db.query('SELECT 1 FROM envelope_key');
    expect(kept).toHaveLength(2);
  });
});

describe(`keys of an older version kept in the database (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('moves them out: the file gets the keys, the RSA key is sealed, what they sealed still opens', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-keys-'));
    try {
      const db = database.db;
      const oldMaster = 'legacy-master-key-0123456789abcdefghijklmnop';
      const oldJwt = 'legacy-jwt-secret-0123456789abcdefghijklmnopq';
      const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      for (const [name, value] of [
        ['jwt_secret', oldJwt],
        ['master_key', oldMaster],
        ['rsa_private_key_2048', pem],
      ] as const)
        await db.query('INSERT INTO app_secret (name, value) VALUES ($1, $2)', [name, value]);
      const sealedBefore = sealedBox(oldMaster).seal('Mail#Secret-42');

      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const ctx = await createAccountsContext(db, config);
      expect(await db.query('SELECT name FROM app_secret')).toEqual([]);
      const file = JSON.parse(readFileSync(path.join(dataDir, SECRETS_FILE), 'utf8'));
      expect(file).toEqual({ jwt_secret: oldJwt, master_key: oldMaster });
      expect(statSync(path.join(dataDir, SECRETS_FILE)).mode & 0o777).toBe(0o600);
      expect(ctx.secrets.open(sealedBefore)).toBe('Mail#Secret-42');
      // The same key pair, so envelopes of pages open before the upgrade still open.
      expect(ctx.envelope.publicKeyPem).toBe(createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString());
      expect(await dump(db)).not.toContain('PRIVATE KEY');

      // A second start reads the file; a database whose keys differ from the file refuses to start.
      const again = await createAccountsContext(db, config);
      expect(again.envelope.publicKeyPem).toBe(ctx.envelope.publicKeyPem);
      await db.query(
        "INSERT INTO app_secret (name, value) VALUES ('master_key', 'another-master-key-0123456789abcdefghij')",
      );
      await expect(createAccountsContext(db, config)).rejects.toThrow(/differs from/);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with a master key that does not open the stored sign-in keys', async () => {
    const database = await openTestDatabase();
    const dirs = [mkdtempSync(path.join(tmpdir(), 'ipdesk-keys-')), mkdtempSync(path.join(tmpdir(), 'ipdesk-keys-'))];
    try {
      await createAccountsContext(database.db, loadConfig({ DATA_DIR: dirs[0], LOG_LEVEL: 'silent' }));
      // Another app server with its own DATA_DIR would generate another master key.
      await expect(
        createAccountsContext(database.db, loadConfig({ DATA_DIR: dirs[1], LOG_LEVEL: 'silent' })),
      ).rejects.toThrow(/same MASTER_KEY/);
    } finally {
      await database.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
