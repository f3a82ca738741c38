// Sign-in sessions and their refresh tokens (SECURITY.md "Tokens & sessions"): a refresh token is an
// opaque random value stored only as a hash, good for one use; using it returns a new one. Using an
// old one again means it was stolen, so the whole session is revoked. Sessions end after an idle time
// or a maximum age.
import { createHash, randomBytes } from 'node:crypto';
import { AppError, newSid, type ClientSide } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit, type AccountsContext } from './context.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionTokens {
  sessionSid: string;
  refreshToken: string;
}

export async function openSession(
  ctx: AccountsContext,
  tx: Queryable,
  user: { sid: string; tenantSid: string; side: ClientSide },
  client: { ip: string; userAgent: string | undefined },
): Promise<SessionTokens> {
  const now = ctx.now();
  const sessionSid = newSid();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxHours * 3600_000);
  await tx.query(
    `INSERT INTO auth_session (sid, user_sid, tenant_sid, user_type_client, created_at, last_used_at, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    [
      sessionSid,
      user.sid,
      user.tenantSid,
      user.side,
      now,
      expiresAt,
      client.ip,
      client.userAgent?.slice(0, 255) ?? null,
    ],
  );
  const refreshToken = newRefreshToken();
  await tx.query('INSERT INTO refresh_token (token_hash, session_sid, created_at) VALUES ($1, $2, $3)', [
    hashToken(refreshToken),
    sessionSid,
    now,
  ]);
  return { sessionSid, refreshToken };
}

export interface RotatedSession {
  sessionSid: string;
  userSid: string;
  tenantSid: string;
  side: ClientSide;
  refreshToken: string;
}

/**
 * Trades a refresh token for a new one. Unknown → 30404; reused → the session is revoked, 30404;
 * session idle too long or past its maximum → 30405; revoked session or disabled user → 30409.
 */
export async function rotateRefreshToken(ctx: AccountsContext, token: string): Promise<RotatedSession> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{
      session_sid: string;
      used_at: Date | null;
      user_sid: string;
      tenant_sid: string;
      user_type_client: ClientSide;
      last_used_at: Date;
      expires_at: Date;
      revoked_at: Date | null;
      user_status: number;
    }>(
      `SELECT t.session_sid, t.used_at, s.user_sid, s.tenant_sid, s.user_type_client, s.last_used_at, s.expires_at,
              s.revoked_at, u.status AS user_status
         FROM refresh_token t
         JOIN auth_session s ON s.sid = t.session_sid
         JOIN user_account u ON u.sid = s.user_sid
        WHERE t.token_hash = $1
        FOR UPDATE OF t, s`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) return { error: 'tokenIllegal' as const };
    if (row.revoked_at) return { error: 'loggedOut' as const };
    if (row.used_at) {
      await revokeSession(tx, row.session_sid, 'refresh_token_reuse', now);
      return {
        error: 'tokenIllegal' as const,
        reuse: true,
        sessionSid: row.session_sid,
        tenantSid: row.tenant_sid,
        userSid: row.user_sid,
      };
    }
    const idleLimit = new Date(row.last_used_at.getTime() + ctx.config.sessionIdleMinutes * 60_000);
    if (now >= row.expires_at || now >= idleLimit) {
      await revokeSession(tx, row.session_sid, 'expired', now);
      return { error: 'tokenExpired' as const };
    }
    if (row.user_status !== 1) {
      await revokeSession(tx, row.session_sid, 'account_disabled', now);
      return { error: 'accountDisabled' as const };
    }
    await tx.query('UPDATE refresh_token SET used_at = $2 WHERE token_hash = $1', [hashToken(token), now]);
    await tx.query('UPDATE auth_session SET last_used_at = $2 WHERE sid = $1', [row.session_sid, now]);
    const refreshToken = newRefreshToken();
    await tx.query('INSERT INTO refresh_token (token_hash, session_sid, created_at) VALUES ($1, $2, $3)', [
      hashToken(refreshToken),
      row.session_sid,
      now,
    ]);
    return {
      session: {
        sessionSid: row.session_sid,
        userSid: row.user_sid,
        tenantSid: row.tenant_sid,
        side: row.user_type_client,
        refreshToken,
      },
    };
  });
  if ('error' in outcome && outcome.error) {
    if ('reuse' in outcome && outcome.reuse) {
      await audit(ctx.db, {
        tenantSid: outcome.tenantSid,
        actorSid: outcome.userSid,
        action: 'session.refresh_token_reused',
        target: outcome.sessionSid,
        at: now,
      });
    }
    throw new AppError(outcome.error);
  }
  return outcome.session!;
}

export async function revokeSession(tx: Queryable, sessionSid: string, reason: string, now: Date): Promise<void> {
  await tx.query('UPDATE auth_session SET revoked_at = $2, revoke_reason = $3 WHERE sid = $1 AND revoked_at IS NULL', [
    sessionSid,
    now,
    reason,
  ]);
}

/** Ends every session of a user, except one to keep (the caller's own after a password change). */
export async function revokeUserSessions(
  tx: Queryable,
  userSid: string,
  reason: string,
  now: Date,
  keepSessionSid?: string,
): Promise<number> {
  const rows = await tx.query(
    'UPDATE auth_session SET revoked_at = $2, revoke_reason = $3 WHERE user_sid = $1 AND revoked_at IS NULL AND sid IS DISTINCT FROM $4 RETURNING sid',
    [userSid, now, reason, keepSessionSid ?? null],
  );
  return rows.length;
}
