// Fixtures of the notification delivery tests: an app with a real SMTP server (the default mail server) and
// a movable clock, a tenant with an administrator, people with and without the right to read patents, a
// patent, and a way to queue a notification as a command would.
import { expect } from 'vitest';
import type { Language } from '@ipdesk/core';
import { queueNotification, type NotificationInput } from '../src/platform/notifications/notify.js';
import type { DeliveryDeps } from '../src/platform/notifications/delivery/deps.js';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
} from './accounts.js';
import { startMailServer, type TestMailServer } from './smtp.js';

export const PUBLIC_URL = 'https://ip.example.com';

export interface NotificationWorld {
  t: AccountsTestApp;
  mail: TestMailServer;
  deps: DeliveryDeps;
  close(): Promise<void>;
}

export async function notificationWorld(): Promise<NotificationWorld> {
  const mail = await startMailServer();
  // The SMTP server and the webhook receivers listen on 127.0.0.1, an internal address: allowed here.
  const t = await createAccountsTestApp({ SMTP_URL: mail.url, SMTP_ALLOW_INTERNAL_HOSTS: 'true', PUBLIC_URL });
  return {
    t,
    mail,
    deps: { accounts: t.app.accounts, registry: t.app.registry },
    close: async () => {
      await t.close();
      await mail.close();
    },
  };
}

export interface Person {
  sid: string;
  account: string;
  password: string;
  email: string;
}

export interface NotificationTenant {
  tenant: TestTenant;
  admin: Person;
  adminSession: SignedIn;
  /** Adds a person who may read patents (or not), mailing in this language. */
  person(options?: { language?: Language; readsPatents?: boolean; email?: string | null }): Promise<Person>;
  /** Creates a patent as the administrator; answers its sid. */
  patent(title: string): Promise<string>;
  queue(input: Omit<NotificationInput, 'tenantSid' | 'now'>): Promise<string[]>;
}

export async function notificationTenant(world: NotificationWorld): Promise<NotificationTenant> {
  const { t } = world;
  const tenant = await createTenant(t);
  const admin = await createUser(t, tenant, { isTenantAdmin: true });
  const adminSession = await signIn(t.app, admin.account, admin.password);
  let counter = 0;
  return {
    tenant,
    admin,
    adminSession,
    async person(options = {}) {
      counter += 1;
      const account = `p${counter}${tenant.sid.slice(0, 6).toLowerCase()}`;
      const email = options.email === undefined ? `${account}@example.com` : options.email;
      const user = await createUser(t, tenant, { account, ...(email === null ? { email: undefined } : { email }) });
      if (email === null) await t.database.db.query('UPDATE user_account SET email = NULL WHERE sid = $1', [user.sid]);
      if (options.readsPatents !== false) await grantRole(t, tenant, [user.sid], { resources: ['patent'] });
      if (options.language)
        await t.database.db.query('INSERT INTO notification_settings (user_sid, language) VALUES ($1, $2)', [
          user.sid,
          options.language,
        ]);
      return { ...user, email: email ?? '' };
    },
    async patent(title) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/create',
        headers: authed(adminSession),
        payload: { data: { title, sn: `N-${title}`, patent_type: 'invention', country: 'CN' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.sid as string;
    },
    async queue(input) {
      const queued = await t.database.db.transaction((tx) =>
        queueNotification(
          tx,
          { registry: t.app.registry },
          { actorSid: admin.sid, ...input, tenantSid: tenant.sid, now: t.clock.now },
        ),
      );
      return queued?.recipients ?? [];
    },
  };
}

/** The delivery rows of a tenant, oldest first. */
export function deliveriesOf(world: NotificationWorld, tenantSid: string) {
  return world.t.database.db.query<{
    id: string;
    channel: string;
    status: string;
    attempts: number;
    available_at: Date;
    last_error: string | null;
    sent_at: Date | null;
  }>(
    `SELECT id::text AS id, channel, status, attempts, available_at, last_error, sent_at
       FROM notification_delivery WHERE tenant_sid = $1 ORDER BY id`,
    [tenantSid],
  );
}

/** The mails received so far for an address. */
export function mailsTo(world: NotificationWorld, address: string) {
  return world.mail.messages.filter((m) => JSON.stringify(m.to ?? '').includes(address));
}
