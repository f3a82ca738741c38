// Where a tenant's webhook may point (SSRF): https to public addresses; internal ones (loopback, private,
// the cloud metadata address) refused unless the operator allows internal hosts, and plain http only then,
// and only to an internal host; no credentials in the address. Names are resolved by a fake resolver.
import { describe, expect, it } from 'vitest';
import { resolveWebhookDestination } from './webhook-destination.js';

const resolve = async (host: string) =>
  ({ 'chat.example.com': ['93.184.216.34'], 'sneaky.example.com': ['93.184.216.34', '10.0.0.5'] })[host] ?? [];
const check = (url: string, allowInternal = false) => resolveWebhookDestination(url, { allowInternal, resolve });
const code = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { definition?: { code: number } }) => error.definition?.code,
  );

describe('webhook destinations', () => {
  it('takes https to a public host and connects to the address it checked', async () => {
    const destination = await check('https://chat.example.com/hooks/abc');
    expect(destination.address).toBe('93.184.216.34');
    expect(destination.url.hostname).toBe('chat.example.com');
  });

  it('refuses internal addresses, any of a name, unless allowed', async () => {
    expect(await code(check('https://127.0.0.1/x'))).toBe(400492);
    expect(await code(check('https://169.254.169.254/latest/meta-data'))).toBe(400492);
    expect(await code(check('https://[::1]/x'))).toBe(400492);
    expect(await code(check('https://sneaky.example.com/x'))).toBe(400492);
    expect(await code(check('https://nowhere.example.com/x'))).toBe(400491);
    expect(await code(check('https://10.1.2.3/x', true))).toBe('ok');
  });

  it('takes plain http only to an internal host where those are allowed', async () => {
    expect(await code(check('http://chat.example.com/x'))).toBe(400490);
    expect(await code(check('http://chat.example.com/x', true))).toBe(400490);
    expect(await code(check('http://127.0.0.1:8080/x'))).toBe(400492);
    expect(await code(check('http://127.0.0.1:8080/x', true))).toBe('ok');
  });

  it('refuses what is not an address, other schemes, and credentials', async () => {
    expect(await code(check('not a url'))).toBe(400490);
    expect(await code(check('ftp://chat.example.com/x'))).toBe(400490);
    expect(await code(check('file:///etc/passwd'))).toBe(400490);
    expect(await code(check('https://user:pw@chat.example.com/x'))).toBe(400490);
    expect(await code(check(`https://chat.example.com/${'a'.repeat(2000)}`))).toBe(400490);
  });
});
