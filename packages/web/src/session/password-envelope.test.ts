// The password envelope against a key pair made here with Web Crypto: the server's side is played by
// a real HTTP server handing out the public key, and the test opens every chunk with the private key.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESULT_CODES, oaepCapacity } from '@ipdesk/core';
import type { PublicKeyEnvelope } from '../api/passport';
import { makeEnvelopeKey, type TestEnvelopeKey } from '../testing/envelope-key';
import { sendJson, setPageUrl, startLocalServer, type LocalServer } from '../testing/local-server';
import {
  envelopeKey,
  forgetEnvelopeKey,
  importEnvelopeKey,
  sealPassword,
  sealPasswords,
  sealWithKey,
} from './password-envelope';

const BITS = 1024;

let key: TestEnvelopeKey;
let server: LocalServer;

beforeAll(async () => {
  key = await makeEnvelopeKey(BITS);
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  setPageUrl(`${server.origin}/ip/login`);
  forgetEnvelopeKey();
  server.received.length = 0;
  server.respond(sendJson(200, key.answer));
});

const open = (envelope: string) => key.open(envelope);

describe('password envelope (spec §7)', () => {
  it('seals without Web Crypto too (plain-HTTP installs), in the same format', async () => {
    const forgeKey = await importEnvelopeKey((key.answer as unknown as PublicKeyEnvelope).data, false);
    const envelope = await sealWithKey('密码Secret#2024'.repeat(5), forgeKey);
    expect(await open(envelope)).toMatchObject({ text: '密码Secret#2024'.repeat(5) });
    expect(envelope.split('.').length).toBeGreaterThan(1);
  });

  it('encrypts a password the private key opens again', async () => {
    const sealed = await sealPassword('Secret#2024');
    expect(sealed.ok).toBe(true);
    if (!sealed.ok) return;
    expect(sealed.envelope).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(await open(sealed.envelope)).toEqual({ text: 'Secret#2024', chunks: ['Secret#2024'] });
    expect(server.received).toMatchObject([{ method: 'GET', url: '/passport/get_public_key' }]);
    expect(server.received[0]?.headers).not.toHaveProperty('authorization');
  });

  it('splits multi-byte passwords into chunks one RSA block carries, never inside a character', async () => {
    // 1024-bit key: 62 bytes per block, so 3-byte characters go 20 to a chunk; the emoji takes 4 bytes.
    const password = `密码🔑${'安全'.repeat(30)}Ab1!`;
    const sealed = await sealPassword(password);
    if (!sealed.ok) throw new Error('not sealed');
    const { text, chunks } = await open(sealed.envelope);
    expect(text).toBe(password);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(new TextEncoder().encode(chunk).length).toBeLessThanOrEqual(oaepCapacity(BITS));
  });

  it('cuts long ASCII passwords at 100 characters', async () => {
    const sealed = await sealPasswords({ long: 'x'.repeat(230) });
    if (!sealed.ok) throw new Error('not sealed');
    // 62-byte blocks cut first: 62 + 62 + 62 + 44.
    expect((await open(sealed.envelopes.long)).chunks.map((chunk) => chunk.length)).toEqual([62, 62, 62, 44]);
  });

  it('fetches the key once per page load, also for several passwords at once', async () => {
    const sealed = await sealPasswords({
      old_password: 'Old#2024a',
      new_password: 'New#2024b',
      confirm_password: 'New#2024b',
    });
    await sealPassword('Another#1');
    if (!sealed.ok) throw new Error('not sealed');
    expect((await open(sealed.envelopes.new_password)).text).toBe('New#2024b');
    expect(server.received).toHaveLength(1);
  });

  it('reports an unavailable key and asks again next time', async () => {
    server.respond(sendJson(503, { code: 503000, message: '服务暂不可用', request_id: 'x' }));
    const first = await envelopeKey();
    expect(first).toMatchObject({
      ok: false,
      reason: 'keyUnavailable',
      failure: { result: RESULT_CODES.other, status: 503 },
    });
    server.respond(
      sendJson(200, {
        code: 0,
        message: 'ok',
        request_id: 'y',
        data: { public_key: 'not a key', max_chunk_bytes: 62, separator: '.' },
      }),
    );
    expect(await envelopeKey()).toMatchObject({ ok: false, reason: 'keyUnavailable' });
    expect(server.received).toHaveLength(2);
  });
});
