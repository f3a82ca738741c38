// The notification deliveries page in Chromium against the real server: an administrator opens it from the
// menu, sees a failed delivery with its reason in English, resends it (it leaves the failed list and is
// pending again); sets the tenant's webhook, the server's refusal shown on the form (plain http to a public
// host), and the secret never shown back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, newSid, translate } from '@ipdesk/core';
import { createUser } from './support/accounts.js';
import { menuName, openMenu } from './support/org.js';
import { saveScreenshot, textOf } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';
import { useBrowserSessions } from './support/sessions.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);
const en = messages.en;

describe('notification deliveries', () => {
  it('lists a failed delivery with its reason, resends it, and sets the webhook', async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const clerk = await createUser(server);
    const eventSid = newSid();
    const notificationSid = newSid();
    await server.db.query(
      `INSERT INTO notification_event (sid, tenant_sid, event, params, created_at)
       VALUES ($1, $2, 'job.failed', '{"job":"Import","reason":"bad file"}', now())`,
      [eventSid, server.tenantSid],
    );
    await server.db.query(
      `INSERT INTO notification (sid, tenant_sid, event_sid, recipient_sid, event, created_at)
       VALUES ($1, $2, $3, $4, 'job.failed', now())`,
      [notificationSid, server.tenantSid, eventSid, clerk.sid],
    );
    const [delivery] = await server.db.query<{ id: string }>(
      `INSERT INTO notification_delivery (tenant_sid, event_sid, notification_sid, channel, status, attempts, last_error,
                                          available_at, created_at)
       VALUES ($1, $2, $3, 'email', 'failed', 1, 'recipientInactive', now(), now()) RETURNING id::text AS id`,
      [server.tenantSid, eventSid, notificationSid],
    );

    const { page } = await browser.signIn(admin, 'en');
    await openMenu(page, menuName('system', 'en'), menuName('notification_deliveries', 'en'));
    await page.getByTestId('notification-deliveries-page').waitFor();
    const row = page.locator('[data-testid="deliveries-table"] tr', { hasText: 'Import failed: bad file' });
    await row.waitFor();
    expect(await row.getByTestId('delivery-reason').textContent()).toBe(
      en['notificationDelivery.reason.recipientInactive'],
    );
    await saveScreenshot(page, 'notification-deliveries-en');
    await row.getByTestId('delivery-resend').click();
    await page.getByText(en['adminDeliveries.resent']).waitFor();
    await row.waitFor({ state: 'detached' });
    const [after] = await server.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM notification_delivery WHERE id = $1::bigint',
      [delivery!.id],
    );
    // Pending again (the server's own loop may already be trying it: no mail server here).
    expect(after!.status === 'pending' || after!.attempts >= 1).toBe(true);

    expect(await textOf(page, 'webhook-secret-state')).toBe(en['adminWebhook.secretNone']);
    browser.expectProblems(/status of 400 \(Bad Request\)/);
    // Plain http to a public address: refused by the server whatever the operator allows.
    await page.getByTestId('webhook-url').fill('http://93.184.216.34/hooks');
    await page.getByTestId('webhook-secret').fill('a-secret-of-16-chars');
    await page.getByTestId('webhook-save').click();
    await page.getByText(translate('en', 'error.webhookUrlInvalid')).first().waitFor();
    await page.getByTestId('webhook-url').fill('https://93.184.216.34/hooks/ipdesk');
    await page.getByTestId('webhook-save').click();
    await page.getByText(en['adminWebhook.saved']).waitFor();
    await page.locator(`[data-testid="webhook-secret-state"]:text-is("${en['adminWebhook.secretStored']}")`).waitFor();
    expect(await page.getByTestId('webhook-secret').inputValue()).toBe('');
    const [stored] = await server.db.query<{ webhook_url: string }>(
      'SELECT webhook_url FROM tenant_notification_settings WHERE tenant_sid = $1',
      [server.tenantSid],
    );
    expect(stored!.webhook_url).toBe('https://93.184.216.34/hooks/ipdesk');
  });
});
