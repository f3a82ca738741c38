// Encrypts stored secrets (tenants' mail passwords) with AES-256-GCM under the master key, so a
// database dump alone does not reveal them. Format: v1.<iv>.<tag>.<ciphertext>, base64url parts.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SealedBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function sealedBox(masterKey: string): SealedBox {
  const key = createHash('sha256').update(masterKey).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
