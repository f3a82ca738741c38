// Telling an account's owner what happened to it (SECURITY.md "both mail a notice"; issue 19): locked after
// repeated failed sign-ins, its password changed, its password set by an administrator. These are mandatory
// events (always in the inbox and mailed at once, whatever the owner's preferences), queued in the
// transaction of the change itself, so a mail server that is down delays the notice instead of losing it.
import type { NotificationEvent } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { queueNotification } from '../../platform/notifications/notify.js';

export type AccountEvent = Extract<NotificationEvent, `account.${string}`>;

/** At most one lock notice per account and hour: an attacker locking address after address sends one mail. */
const LOCK_NOTICE_MS = 3_600_000;

export async function queueAccountNotice(
  tx: Queryable,
  input: {
    tenantSid: string;
    /** The account's owner, who is told. */
    userSid: string;
    event: AccountEvent;
    /**
     * Who caused it when it was someone else (an administrator). The owner's own change is still told to
     * them: the notice exists for the day it was not really them.
     */
    actorSid?: string | null;
    now: Date;
  },
): Promise<void> {
  const dedupeKey =
    input.event === 'account.locked'
      ? `account.locked:${input.userSid}:${Math.floor(input.now.getTime() / LOCK_NOTICE_MS)}`
      : undefined;
  await queueNotification(
    tx,
    {},
    {
      tenantSid: input.tenantSid,
      event: input.event,
      to: [input.userSid],
      actorSid: input.actorSid === input.userSid ? null : (input.actorSid ?? null),
      dedupeKey,
      now: input.now,
    },
  );
}
