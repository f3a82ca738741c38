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

const AUDIT_ROWS_PER_STATEMENT = 1000;

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
  // Bound parameters are limited (65,535 per statement): 1,000 entries, 7,000 parameters, at a time.
  if (entries.length > AUDIT_ROWS_PER_STATEMENT) {
    for (let i = 0; i < entries.length; i += AUDIT_ROWS_PER_STATEMENT)
      await auditMany(tx, entries.slice(i, i + AUDIT_ROWS_PER_STATEMENT));
    return;
  }
  const values: unknown[] = [];
  const rows = entries.map((e) => {
    const at = values.length;
    values.push(
      e.tenantSid,
      e.actorSid,
      e.action,
      e.target ?? null,
      e.detail ? JSON.stringify(e.detail) : null,
      e.requestId ?? null,
      e.at,
    );
    return `(${[1, 2, 3, 4, 5, 6, 7].map((n) => `$${at + n}`).join(', ')})`;
  });
  // Rows are numbered in the order given (audit_log.id orders a record's history).
  await tx.query(
    `INSERT INTO audit_log (tenant_sid, actor_sid, action, target, detail, request_id, created_at) VALUES ${rows.join(', ')}`,
    values as never,
  );
}
