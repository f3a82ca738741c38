// The server side of the password envelope (spec §7, core's password-envelope): an RSA key pair made
// at first start and kept, the public key handed out, chunks decrypted with RSA-OAEP/SHA-256.
// Node 20 refuses PKCS#1 v1.5 decryption, and OAEP is what Web Crypto offers the browser anyway.
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
import { getOrCreateSecret } from '../security/secrets.js';

export interface PasswordEnvelope {
  /** SPKI PEM, for GET /passport/get_public_key. */
  publicKeyPem: string;
  modulusBits: number;
  /** The plain password, or undefined when the envelope is not one of ours. */
  open(envelope: string): string | undefined;
}

const MAX_CHUNKS = 8;

export async function loadPasswordEnvelope(db: Database, bits: number): Promise<PasswordEnvelope> {
  const pem = await getOrCreateSecret(db, `rsa_private_key_${bits}`, () =>
    generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 65537 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  );
  const privateKey: KeyObject = createPrivateKey(pem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
    modulusBits: bits,
    open(envelope) {
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
