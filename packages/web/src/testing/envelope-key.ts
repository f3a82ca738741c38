// An RSA-OAEP key pair made with Web Crypto for tests that play the server's side of the password
// envelope: the public-key answer to serve, and a way to open what the client sealed.
import { ENVELOPE_MAX_CHUNK_CHARS, oaepCapacity } from '@ipdesk/core';

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

export interface TestEnvelopeKey {
  bits: number;
  /** The body of GET /passport/get_public_key. */
  answer: Record<string, unknown>;
  open(envelope: string): Promise<{ text: string; chunks: string[] }>;
}

export async function makeEnvelopeKey(bits = 1024): Promise<TestEnvelopeKey> {
  const pair = await crypto.subtle.generateKey(
    { ...OAEP, modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
  const decoder = new TextDecoder();
  return {
    bits,
    answer: {
      code: 0,
      message: 'ok',
      request_id: 'key',
      data: {
        public_key: pem,
        algorithm: 'RSA-OAEP-256',
        key_bits: bits,
        max_chunk_chars: ENVELOPE_MAX_CHUNK_CHARS,
        max_chunk_bytes: oaepCapacity(bits),
        separator: '.',
      },
    },
    async open(envelope) {
      const chunks = await Promise.all(
        envelope
          .split('.')
          .map(async (part) =>
            decoder.decode(await crypto.subtle.decrypt(OAEP, pair.privateKey, Buffer.from(part, 'base64'))),
          ),
      );
      return { text: chunks.join(''), chunks };
    },
  };
}
