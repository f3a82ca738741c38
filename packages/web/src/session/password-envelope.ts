// The password envelope of spec §7 with Web Crypto (no library): the password is split by core's
// splitForEnvelope into chunks the server's RSA key can carry, each chunk (UTF-8) is encrypted with
// RSA-OAEP/SHA-256, base64-encoded, and the chunks are joined by the separator the server names. The
// key is fetched once per page load. Web Crypto only exists in secure contexts (HTTPS, or localhost);
// an install served over plain HTTP on an intranet address falls back to node-forge's RSA-OAEP,
// loaded only then, so people can still sign in there.
import { RESULT_CODES, splitForEnvelope } from '@ipdesk/core';
import type { RequestFailure } from '../api/failure';
import { fetchPublicKey, type PublicKeyEnvelope } from '../api/passport';

export interface EnvelopeKey {
  /** Encrypts one chunk (UTF-8 bytes) with RSA-OAEP/SHA-256, answering base64. */
  encrypt(chunk: Uint8Array<ArrayBuffer>): Promise<string>;
  maxChunkBytes: number;
  separator: string;
}

export type SealResult =
  { ok: true; envelope: string } | { ok: false; reason: 'keyUnavailable'; failure?: RequestFailure };

export type SealManyResult<K extends string> =
  { ok: true; envelopes: Record<K, string> } | Exclude<SealResult, { ok: true }>;

type KeyResult = { ok: true; key: EnvelopeKey } | Exclude<SealResult, { ok: true }>;

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function subtle(): SubtleCrypto | undefined {
  // Undefined outside secure contexts, although the DOM types say otherwise.
  return (globalThis.crypto as Crypto | undefined)?.subtle;
}

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const der = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) der[index] = binary.charCodeAt(index);
  return der.buffer;
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The same encryption without Web Crypto (plain-HTTP installs), with node-forge loaded on demand. */
async function forgeEncrypter(pem: string): Promise<EnvelopeKey['encrypt']> {
  const forge = (await import('node-forge')).default;
  const publicKey = forge.pki.publicKeyFromPem(pem);
  return async (chunk) => {
    const binary = Array.from(chunk, (byte) => String.fromCharCode(byte)).join('');
    const sealed = publicKey.encrypt(binary, 'RSA-OAEP', {
      md: forge.md.sha256.create(),
      mgf1: { md: forge.md.sha256.create() },
    });
    return forge.util.encode64(sealed);
  };
}

export async function importEnvelopeKey(
  data: PublicKeyEnvelope['data'],
  useWebCrypto = subtle() !== undefined,
): Promise<EnvelopeKey> {
  const crypto = subtle();
  let encrypt: EnvelopeKey['encrypt'];
  if (crypto && useWebCrypto) {
    const key = await crypto.importKey('spki', pemToDer(data.public_key), OAEP, false, ['encrypt']);
    encrypt = async (chunk) => toBase64(await crypto.encrypt(OAEP, key, chunk));
  } else {
    encrypt = await forgeEncrypter(data.public_key);
  }
  return { encrypt, maxChunkBytes: data.max_chunk_bytes, separator: data.separator };
}

/** Encrypts the password into the envelope the server opens. */
export async function sealWithKey(
  password: string,
  { encrypt, maxChunkBytes, separator }: EnvelopeKey,
): Promise<string> {
  const encoder = new TextEncoder();
  const chunks = await Promise.all(
    splitForEnvelope(password, maxChunkBytes).map((chunk) => encrypt(encoder.encode(chunk))),
  );
  return chunks.join(separator);
}

let cachedKey: Promise<KeyResult> | undefined;

async function loadKey(): Promise<KeyResult> {
  const outcome = await fetchPublicKey();
  if (outcome.result !== RESULT_CODES.success) return { ok: false, reason: 'keyUnavailable', failure: outcome.error };
  try {
    return { ok: true, key: await importEnvelopeKey(outcome.data.data) };
  } catch {
    return { ok: false, reason: 'keyUnavailable' };
  }
}

/** The server's key, fetched once per page load; a failed fetch is tried again next time. */
export function envelopeKey(): Promise<KeyResult> {
  cachedKey ??= loadKey().then((result) => {
    if (!result.ok) cachedKey = undefined;
    return result;
  });
  return cachedKey;
}

/** Forgets the cached key (tests; a server that changed its key). */
export function forgetEnvelopeKey(): void {
  cachedKey = undefined;
}

/** Seals several passwords with the one key, e.g. old, new and confirmation. */
export async function sealPasswords<K extends string>(passwords: Record<K, string>): Promise<SealManyResult<K>> {
  const key = await envelopeKey();
  if (!key.ok) return key;
  const entries = await Promise.all(
    (Object.entries(passwords) as [K, string][]).map(async ([name, password]) => {
      return [name, await sealWithKey(password, key.key)] as const;
    }),
  );
  return { ok: true, envelopes: Object.fromEntries(entries) as Record<K, string> };
}

export async function sealPassword(password: string): Promise<SealResult> {
  const sealed = await sealPasswords({ password });
  return sealed.ok ? { ok: true, envelope: sealed.envelopes.password } : sealed;
}
