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

/** Appends an audit entry in the caller's transaction (SECURITY.md: who, when, what). */
export async function audit(
  tx: Queryable,
  entry: {
    tenantSid: string | null;
    actorSid: string | null;
    action: AuditAction;
    target?: string;
    detail?: object;
    requestId?: string;
    at: Date;
  },
): Promise<void> {
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
}
