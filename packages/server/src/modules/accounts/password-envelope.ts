// The server side of the password envelope (spec §7, core's password-envelope): RSA key pairs kept in
// the database sealed under the master key (envelope_key; a dump alone does not open them), the
// current public key handed out, chunks decrypted with RSA-OAEP/SHA-256. The key is replaced every
// RSA_KEY_ROTATION_DAYS; the one before still opens envelopes, so a sign-in whose page fetched the key
// just before a rotation still works. Node 20 refuses PKCS#1 v1.5 decryption, and OAEP is what Web
// Crypto offers the browser anyway.
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { AppError, ENVELOPE_MAX_CHUNK_CHARS, ENVELOPE_SEPARATOR, type MessageKey } from '@ipdesk/core';
import type { Database } from '../../db/database.js';
import type { SealedBox } from '../security/sealed-box.js';

export interface PasswordEnvelope {
  /** SPKI PEM of the current key, for GET /passport/get_public_key. */
  readonly publicKeyPem: string;
  readonly modulusBits: number;
  /** The plain password, or undefined when the envelope is not one of ours (current or previous key). */
  open(envelope: string): string | undefined;
  /**
   * Rotates the key when due and picks up one another server made; cheap: it looks at the database at
   * most once a minute. Called before the public key is handed out and before a sign-in.
   */
  refresh(): Promise<void>;
}

export interface EnvelopeKeyOptions {
  bits: number;
  rotationDays: number;
  secrets: SealedBox;
  now: () => Date;
}

const MAX_CHUNKS = 8;
const CHECK_EVERY_MS = 60_000;

interface LoadedKey {
  id: number;
  createdAt: Date;
  privateKey: KeyObject;
}

function openWith(privateKey: KeyObject, envelope: string): string | undefined {
  const parts = envelope.split(ENVELOPE_SEPARATOR);
  if (parts.length === 0 || parts.length > MAX_CHUNKS) return undefined;
  let text = '';
  for (const part of parts) {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(part)) return undefined;
    try {
      const plain = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(part, 'base64'),
      ).toString('utf8');
      if ([...plain].length > ENVELOPE_MAX_CHUNK_CHARS) return undefined;
      text += plain;
    } catch {
      return undefined;
    }
  }
  return text;
}

const newPrivateKeyPem = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 65537 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

/**
 * The current and the previous key, after moving a plain-text key of an older version out of
 * app_secret and rotating when the current one is due. One transaction under a table lock, so two
 * servers never make two keys at once.
 */
async function currentKeys(db: Database, options: EnvelopeKeyOptions): Promise<LoadedKey[]> {
  const { bits, secrets } = options;
  const now = options.now();
  const due = new Date(now.getTime() - options.rotationDays * 86_400_000);
  const rows = await db.transaction(async (tx) => {
    await tx.query('LOCK TABLE envelope_key IN SHARE ROW EXCLUSIVE MODE');
    const legacy = await tx.query<{ value: string; created_at: Date }>(
      'DELETE FROM app_secret WHERE name = $1 RETURNING value, created_at',
      [`rsa_private_key_${bits}`],
    );
    if (legacy[0])
      await tx.query('INSERT INTO envelope_key (modulus_bits, private_key_sealed, created_at) VALUES ($1, $2, $3)', [
        bits,
        secrets.seal(legacy[0].value),
        legacy[0].created_at,
      ]);
    let keys = await tx.query<{ id: string; private_key_sealed: string; created_at: Date }>(
      'SELECT id, private_key_sealed, created_at FROM envelope_key WHERE modulus_bits = $1 ORDER BY id DESC LIMIT 2',
      [bits],
    );
    if (!keys[0] || keys[0].created_at <= due) {
      await tx.query('INSERT INTO envelope_key (modulus_bits, private_key_sealed, created_at) VALUES ($1, $2, $3)', [
        bits,
        secrets.seal(newPrivateKeyPem(bits)),
        now,
      ]);
      keys = await tx.query(
        'SELECT id, private_key_sealed, created_at FROM envelope_key WHERE modulus_bits = $1 ORDER BY id DESC LIMIT 2',
        [bits],
      );
      // Keys older than the previous one open nothing any more: they need not wait in a dump.
      await tx.query('DELETE FROM envelope_key WHERE modulus_bits = $1 AND id < $2', [bits, keys.at(-1)!.id]);
    }
    return keys;
  });
  return rows.map((row) => {
    let pem: string;
    try {
      pem = secrets.open(row.private_key_sealed);
    } catch (cause) {
      throw new Error(
        'The stored sign-in keys do not open with this master key: start every app server with the same ' +
          'MASTER_KEY (or DATA_DIR/secrets.json)',
        { cause },
      );
    }
    return { id: Number(row.id), createdAt: row.created_at, privateKey: createPrivateKey(pem) };
  });
}

export async function loadPasswordEnvelope(db: Database, options: EnvelopeKeyOptions): Promise<PasswordEnvelope> {
  let keys = await currentKeys(db, options);
  let checkedAt = options.now().getTime();
  const publicPem = (key: LoadedKey) =>
    createPublicKey(key.privateKey).export({ type: 'spki', format: 'pem' }).toString();
  let publicKeyPem = publicPem(keys[0]!);
  return {
    get publicKeyPem() {
      return publicKeyPem;
    },
    modulusBits: options.bits,
    open(envelope) {
      for (const key of keys) {
        const plain = openWith(key.privateKey, envelope);
        if (plain !== undefined) return plain;
      }
      return undefined;
    },
    async refresh() {
      const now = options.now().getTime();
      const rotationDue = keys[0]!.createdAt.getTime() + options.rotationDays * 86_400_000 <= now;
      if (!rotationDue && now - checkedAt < CHECK_EVERY_MS) return;
      checkedAt = now;
      const [newest] = await db.query<{ id: string }>(
        'SELECT max(id) AS id FROM envelope_key WHERE modulus_bits = $1',
        [options.bits],
      );
      if (!rotationDue && Number(newest?.id) === keys[0]!.id) return;
      keys = await currentKeys(db, options);
      publicKeyPem = publicPem(keys[0]!);
    },
  };
}

export type PasswordField = 'password' | 'old_password' | 'new_password' | 'confirm_password';

const PASSWORD_LABELS: Record<PasswordField, MessageKey> = {
  password: 'field.password',
  old_password: 'field.oldPassword',
  new_password: 'field.newPassword',
  confirm_password: 'field.confirmPassword',
};

/** Opens the envelope of a form field, or refuses it (500005) naming that field. */
export function openPasswordField(envelope: PasswordEnvelope, value: string, field: PasswordField): string {
  const plain = envelope.open(value);
  if (plain === undefined) {
    throw new AppError('fieldRule', {
      issues: [{ field, labelKey: PASSWORD_LABELS[field], messageKey: 'validation.invalid' }],
    });
  }
  return plain;
}
