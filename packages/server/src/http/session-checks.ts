// The session check of every request: session, user, tenant access version, security policy and the
// requested sub-company, as one statement, remembered for a moment (see SessionChecks).
import type { Database } from '../db/database.js';

const SESSION_CHECK_SQL = `SELECT s.user_sid, s.revoked_at, s.expires_at, u.status, u.is_tenant_admin, u.must_change_password,
            u.password_changed_at, ts.password_expiry_days, tn.access_version,
            CASE WHEN $3::text IS NULL THEN NULL ELSE EXISTS (
              SELECT 1 FROM user_company uc JOIN company c ON c.sid = uc.company_sid
               WHERE uc.user_sid = s.user_sid AND uc.company_sid = $3 AND c.tenant_sid = s.tenant_sid AND c.status = 1
            ) END AS company_ok
       FROM auth_session s
       JOIN user_account u ON u.sid = s.user_sid
       JOIN tenant tn ON tn.sid = s.tenant_sid
       LEFT JOIN tenant_security ts ON ts.tenant_sid = s.tenant_sid
      WHERE s.sid = $1 AND s.user_sid = $2`;

export interface SessionRow {
  user_sid: string;
  revoked_at: Date | null;
  expires_at: Date;
  status: number;
  is_tenant_admin: boolean;
  must_change_password: boolean;
  password_changed_at: Date | null;
  password_expiry_days: number | null;
  company_ok: boolean | null;
  access_version: number;
}

/** How long a session check is reused when no change was announced (see SessionChecks). */
export const SESSION_RECHECK_MS = 2000;
const SESSION_CAPACITY = 10_000;

/**
 * The session check of every request (session, user, tenant access version, security policy, the
 * requested sub-company), remembered for SESSION_RECHECK_MS: one statement fewer per request, which
 * was a third of the database's work on a page of search results (docs/benchmarks.md). Any change to
 * the tables it reads is announced by triggers (migration 0016) and makes every server forget all it
 * remembered: this server's own writes before they return, other servers' within milliseconds. The
 * recheck interval bounds what a lost announcement can cost. Expiry is judged on each request from the
 * remembered row, against the current time.
 */
export interface SessionChecks {
  read(sessionSid: string, userSid: string, companySid: string | undefined): Promise<SessionRow | undefined>;
  /** Stops listening for changes. */
  close(): void;
}

export function createSessionChecks(db: Database, monotonicMs: () => number = () => performance.now()): SessionChecks {
  const remembered = new Map<string, { row: SessionRow; at: number }>();
  // A check that started before a change was announced must not be remembered after it.
  let generation = 0;
  const stop = db.onNotify('ipdesk_auth', () => {
    generation++;
    remembered.clear();
  });
  return {
    async read(sessionSid, userSid, companySid) {
      const key = `${sessionSid}\n${userSid}\n${companySid ?? ''}`;
      const known = remembered.get(key);
      if (known && monotonicMs() - known.at < SESSION_RECHECK_MS) return known.row;
      const started = generation;
      const at = monotonicMs();
      const rows = await db.query<SessionRow>(SESSION_CHECK_SQL, [sessionSid, userSid, companySid ?? null]);
      const row = rows[0];
      if (row && started === generation) {
        remembered.delete(key);
        if (remembered.size >= SESSION_CAPACITY) remembered.delete(remembered.keys().next().value!);
        remembered.set(key, { row, at });
      }
      return row;
    },
    close: stop,
  };
}
