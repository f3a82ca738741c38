// "Send a test mail" of the mail server settings page: one message through the tenant's saved server (or
// the app's default), in the caller's language. The mailer's errors say why not: none configured (503101)
// or the server refused or could not be reached (502101); only a sent mail is audited.
import { translate } from '@ipdesk/core';
import type { RequestContext } from '../../platform/context.js';
import { audit, type AccountsContext } from '../accounts/context.js';

export async function sendTestMail(
  accounts: Pick<AccountsContext, 'db' | 'mail'>,
  ctx: RequestContext,
  input: { to: string },
): Promise<void> {
  await accounts.mail.send(ctx.tenantSid, {
    to: input.to,
    subject: translate(ctx.language, 'mailTest.subject'),
    text: translate(ctx.language, 'mailTest.text'),
  });
  await audit(accounts.db, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: 'tenant.mail_test_sent',
    detail: { to: input.to },
    requestId: ctx.requestId,
    at: ctx.now,
  });
}
