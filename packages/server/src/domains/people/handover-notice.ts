// The mail sent after a resignation: who resigned, when, and how many open to-dos went to the
// handover person, in Chinese and English in one message (recipients' languages are not known).
// Sent after the resignation is committed; a mail problem is logged and never undoes it.
import { errors, isAppError, translate, type Language } from '@ipdesk/core';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { resignationNotice, uniqueAddresses } from './resignation-notice.js';

export interface HandoverFacts {
  tenantSid: string;
  person: string;
  handover: string;
  handoverEmail: string | null;
  date: string;
  count: number;
}

/** Where problems go: the request's logger in the route. */
export interface NoticeLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

function bilingual(facts: HandoverFacts): { subject: string; text: string } {
  const params = { person: facts.person, handover: facts.handover, date: facts.date, count: facts.count };
  const part = (language: Language) => ({
    subject: translate(language, 'mail.handover.subject', { system: translate(language, 'app.shortName') }),
    text: translate(language, 'mail.handover.body', params),
  });
  const zh = part('zh-CN');
  const en = part('en');
  return { subject: `${zh.subject} / ${en.subject}`, text: `${zh.text}\n\n————————\n\n${en.text}` };
}

/** The addresses the tenant's settings name, each once. */
async function recipients(ctx: AccountsContext, facts: HandoverFacts): Promise<string[]> {
  const settings = await resignationNotice(ctx.db, facts.tenantSid);
  const addresses: string[] = [];
  if (settings.notify_handover && facts.handoverEmail) addresses.push(facts.handoverEmail);
  if (settings.notify_admins) {
    const admins = await ctx.db.query<{ email: string }>(
      'SELECT email FROM user_account WHERE tenant_sid = $1 AND is_tenant_admin AND status = 1 AND email IS NOT NULL ORDER BY account',
      [facts.tenantSid],
    );
    addresses.push(...admins.map((a) => a.email));
  }
  addresses.push(...settings.extra_recipients);
  return uniqueAddresses(addresses);
}

/** One mail per recipient, so no one sees the others' addresses. Never throws. */
export async function sendHandoverNotice(ctx: AccountsContext, facts: HandoverFacts, log: NoticeLog): Promise<number> {
  let sent = 0;
  try {
    const mail = bilingual(facts);
    for (const to of await recipients(ctx, facts)) {
      try {
        await ctx.mail.send(facts.tenantSid, { to, ...mail });
        sent++;
      } catch (error) {
        if (isAppError(error) && error.code === errors.mailNotConfigured.code) {
          log.info({ tenant_sid: facts.tenantSid }, 'resignation notice not sent: mail is not configured');
          break;
        }
        log.warn({ err: error, tenant_sid: facts.tenantSid }, 'resignation notice could not be sent');
      }
    }
  } catch (error) {
    log.warn({ err: error, tenant_sid: facts.tenantSid }, 'resignation notice could not be prepared');
  }
  return sent;
}
