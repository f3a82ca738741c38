// Everything the account services need, made once at start: database, settings, the password
// envelope, token signing, mail, and a clock that tests can move.
import type { AuditAction } from '@ipdesk/core';
import type { Config } from '../../config.js';
import type { Database, Queryable } from '../../db/database.js';
import { mailer, type Mailer } from '../mail/mailer.js';
import { loadAppKeys } from '../security/secret-store.js';
import { sealedBox, type SealedBox } from '../security/sealed-box.js';
import { accessTokens, type AccessTokens } from './access-token.js';
import { loadPasswordEnvelope, type PasswordEnvelope } from './password-envelope.js';

export type Clock = () => Date;

export interface AccountsContext {
  db: Database;
  config: Config;
  envelope: PasswordEnvelope;
  tokens: AccessTokens;
  secrets: SealedBox;
  mail: Mailer;
  now: Clock;
  /** Where this server listens (set after listen); links use PUBLIC_URL first. */
  listeningOrigin?: string;
}

export async function createAccountsContext(
  db: Database,
  config: Config,
  now: Clock = () => new Date(),
): Promise<AccountsContext> {
  // Keys never come from the database they protect (modules/security/secret-store.ts).
  const { jwtSecret, masterKey } = await loadAppKeys(db, config);
  const secrets = sealedBox(masterKey);
  const envelope = await loadPasswordEnvelope(db, {
    bits: config.rsaKeyBits,
    rotationDays: config.rsaKeyRotationDays,
    secrets,
    now,
  });
  return {
    db,
    config,
    envelope,
    tokens: accessTokens(jwtSecret, config.accessTokenMinutes, now),
    secrets,
    mail: mailer(db, config, secrets),
    now,
  };
}

/** One audit entry: who did what to which target, when, in which request (SECURITY.md). */
export interface AuditEntry {
  tenantSid: string | null;
  actorSid: string | null;
  action: AuditAction;
  target?: string;
  detail?: object;
  requestId?: string;
  at: Date;
}

/** Appends an audit entry in the caller's transaction (SECURITY.md: who, when, what). */
export async function audit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await auditMany(tx, [entry]);
}

/**
 * Appends several entries in one statement (a hook's set-based writes: one entry per record it wrote,
 * without one round trip each).
 */
export async function auditMany(tx: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  if (entries.length === 1) {
    const [entry] = entries as [AuditEntry];
    await tx.query(
      'INSERT INTO audit_log (tenant_sid, actor_sid, action, target, detail, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        entry.tenantSid,
        entry.actorSid,
        entry.action,
        entry.target ?? null,
        entry.detail ? JSON.stringify(entry.detail) : null,
        entry.requestId ?? null,
        entry.at,
      ],
    );
    return;
  }
  const column = <T>(pick: (entry: AuditEntry) => T) => entries.map(pick);
  // Kept in the given order (audit_log.id orders a record's history).
  await tx.query(
    `INSERT INTO audit_log (tenant_sid, actor_sid, action, target, detail, request_id, created_at)
     SELECT u.tenant_sid, u.actor_sid, u.action, u.target, u.detail::jsonb, u.request_id, u.created_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         WITH ORDINALITY AS u(tenant_sid, actor_sid, action, target, detail, request_id, created_at, n)
      ORDER BY u.n`,
    [
      column((e) => e.tenantSid),
      column((e) => e.actorSid),
      column((e) => e.action),
      column((e) => e.target ?? null),
      column((e) => (e.detail ? JSON.stringify(e.detail) : null)),
      column((e) => e.requestId ?? null),
      column((e) => e.at),
    ],
  );
}
