// The tenant's webhook against a real local HTTP receiver (PGlite and PostgreSQL): the administrator sets it
// (the secret is never answered back; refused without one the first time; internal and plain-http addresses
// are unit-tested in webhook-destination.test.ts), sends a test message; each cause is posted once, signed
// with HMAC-SHA256 over "<timestamp>.<body>", and a receiver that fails the first time gets it again after
// the back-off. The payload names the record's kind, never its title.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createUser, signIn } from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import {
  deliveriesOf,
  notificationTenant,
  notificationWorld,
  PUBLIC_URL,
  type NotificationTenant,
  type NotificationWorld,
} from '../../../../test/notifications.js';
import { dispatchNotifications } from './dispatch.js';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  signatureOk: boolean;
}

const SECRET = 'a-webhook-secret-of-ours';

/** A receiver that checks each post's signature and answers 500 to the first `failFirst` posts. */
async function startReceiver(
  failFirst: number,
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const expected = `sha256=${createHmac('sha256', SECRET)
        .update(`${String(request.headers['x-ipdesk-timestamp'])}.${body}`)
        .digest('hex')}`;
      received.push({
        headers: request.headers,
        body,
        signatureOk: request.headers['x-ipdesk-signature'] === expected,
      });
      response.statusCode = received.length <= failFirst ? 500 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/ipdesk`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe(`webhook delivery (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let world: NotificationWorld;
  let acme: NotificationTenant;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    world = await notificationWorld();
    acme = await notificationTenant(world);
    receiver = await startReceiver(1);
  });
  afterAll(async () => {
    await world?.close();
    await receiver?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, session = acme.adminSession) =>
    world.t.app.inject({ method, url: `/webapi${url}`, headers: authed(session), ...(payload && { payload }) });

  it('is set by a tenant administrator only, with a secret that is never answered back', async () => {
    const clerk = await createUser(world.t, acme.tenant);
    const clerkSession = await signIn(world.t.app, clerk.account, clerk.password);
    expect((await call('GET', '/setting/tenant/webhook', undefined, clerkSession)).statusCode).toBe(403);

    const empty = await call('GET', '/setting/tenant/webhook');
    expect(empty.json().data).toEqual({ url: null, has_secret: false, updated_at: null });
    const noSecret = await call('POST', '/setting/tenant/webhook/do/update', { url: receiver.url, updated_at: null });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().code).toBe(400493);
    const shortSecret = await call('POST', '/setting/tenant/webhook/do/update', {
      url: receiver.url,
      secret: 'short',
      updated_at: null,
    });
    expect(shortSecret.statusCode).toBe(400);
    const ftp = await call('POST', '/setting/tenant/webhook/do/update', {
      url: 'ftp://127.0.0.1/x',
      secret: SECRET,
      updated_at: null,
    });
    expect(ftp.json().code).toBe(400490);
    expect(ftp.json().message).toContain('https://');

    const saved = await call('POST', '/setting/tenant/webhook/do/update', {
      url: receiver.url,
      secret: SECRET,
      updated_at: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call('GET', '/setting/tenant/webhook');
    expect(read.body).not.toContain(SECRET);
    expect(read.json().data).toMatchObject({ url: receiver.url, has_secret: true });
    const [stored] = await world.t.database.db.query<{ webhook_secret_encrypted: string }>(
      'SELECT webhook_secret_encrypted FROM tenant_notification_settings WHERE tenant_sid = $1',
      [acme.tenant.sid],
    );
    expect(stored!.webhook_secret_encrypted).not.toContain(SECRET);
    // A save over a stale read is refused.
    const stale = await call('POST', '/setting/tenant/webhook/do/update', { url: receiver.url, updated_at: null });
    expect(stale.statusCode).toBe(409);
    // Keeping the secret: no secret sent.
    const kept = await call('POST', '/setting/tenant/webhook/do/update', {
      url: receiver.url,
      updated_at: read.json().data.updated_at,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const audits = await world.t.database.db.query<{ action: string; detail: object }>(
      `SELECT action, detail FROM audit_log WHERE tenant_sid = $1 AND action LIKE 'tenant.webhook%' ORDER BY id`,
      [acme.tenant.sid],
    );
    expect(audits).toEqual([
      { action: 'tenant.webhook_updated', detail: { host: new URL(receiver.url).host, secret_changed: true } },
      { action: 'tenant.webhook_updated', detail: { host: new URL(receiver.url).host, secret_changed: false } },
    ]);
  });

  it('sends a signed test message; a failing receiver is told in the caller language', async () => {
    const failed = await call('POST', '/setting/tenant/webhook/do/test');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 502490 });
    expect(failed.json().message).toContain('HTTP 500');
    const sent = await call('POST', '/setting/tenant/webhook/do/test');
    expect(sent.statusCode, sent.body).toBe(200);
    const test = receiver.received.at(-1)!;
    expect(test.signatureOk).toBe(true);
    expect(test.headers['x-ipdesk-event']).toBe('webhook.test');
    expect(JSON.parse(test.body).titles.en).toBe('Test from IPDesk: the webhook works');
  });

  it('posts each cause once, signed, retried after a failure, without record titles', async () => {
    receiver.received.length = 0;
    const failNext = receiver.received;
    const person = await acme.person();
    const patent = await acme.patent('机密电池');
    await acme.queue({
      event: 'record.statusChanged',
      record: { model: 'patent', sid: patent },
      to: [person.sid],
      params: { from: { zh: '草稿', en: 'Draft' }, to: { zh: '已提交', en: 'Filed' } },
    });
    const webhookRow = async () => (await deliveriesOf(world, acme.tenant.sid)).find((r) => r.channel === 'webhook')!;
    // The receiver fails its first post again (its counter started over).
    const retrying = await startReceiver(1);
    try {
      await world.t.database.db.query(
        'UPDATE tenant_notification_settings SET webhook_url = $2 WHERE tenant_sid = $1',
        [acme.tenant.sid, retrying.url],
      );
      await dispatchNotifications(world.deps);
      expect(retrying.received).toHaveLength(1);
      expect(await webhookRow()).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'webhookStatus: HTTP 500',
      });
      await dispatchNotifications(world.deps);
      expect(retrying.received).toHaveLength(1);
      world.t.clock.advanceMinutes(1);
      await dispatchNotifications(world.deps);
      expect(retrying.received).toHaveLength(2);
      const row = await webhookRow();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      world.t.clock.advanceMinutes(10);
      await dispatchNotifications(world.deps);
      expect(retrying.received).toHaveLength(2);

      const [first, second] = retrying.received;
      expect(first!.body).toBe(second!.body);
      expect(second!.signatureOk).toBe(true);
      expect(second!.headers['x-ipdesk-event']).toBe('record.statusChanged');
      expect(second!.headers['x-ipdesk-delivery']).toBe(row.id);
      expect(Number(second!.headers['x-ipdesk-timestamp'])).toBe(Math.floor(world.t.clock.now.getTime() / 1000) - 600);
      const payload = JSON.parse(second!.body);
      expect(payload).toEqual({
        id: row.id,
        event: 'record.statusChanged',
        tenant: { sid: acme.tenant.sid, code: expect.any(String) },
        record: { model: 'patent', sid: patent },
        link: `${PUBLIC_URL}/ip/model/patent/${patent}`,
        created_at: expect.any(String),
        recipients: [person.account],
        titles: { 'zh-CN': '专利 的状态由“草稿”变为“已提交”', en: 'Patent changed from "Draft" to "Filed"' },
      });
      expect(second!.body).not.toContain('机密电池');
    } finally {
      await retrying.close();
    }
    expect(failNext).toHaveLength(0);
  });
});
