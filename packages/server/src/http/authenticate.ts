// Authentication for every non-public route, before validation: the access token (Authorization:
// Bearer …), then the session and user as they are now in the database (revoked → 30409, disabled →
// 30102), the forced password change, the sub-company header, and the one-side-per-browser rule.
import { AppError, HEADERS, SUB_COMPANY_ALL, SUB_COMPANY_ROOT, type ClientSide } from '@ipdesk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountsContext } from '../modules/accounts/context.js';
import { passwordExpired, DEFAULT_SECURITY } from '../modules/accounts/security-policy.js';
import type { AccessCache } from '../modules/rbac/access.js';
import { authorize } from '../modules/rbac/authorize.js';
import type { Principal } from './context.js';
import { readSideCookie } from './side-cookie.js';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1] : header.trim();
}

interface SessionRow {
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

/** Throws 412 when this browser holds an active session of the other side. */
export async function checkSideConflict(
  ctx: AccountsContext,
  request: FastifyRequest,
  side: ClientSide,
): Promise<void> {
  const cookie = readSideCookie(request);
  if (!cookie || cookie.side === side) return;
  const rows = await ctx.db.query<{ active: boolean }>(
    'SELECT (revoked_at IS NULL AND expires_at > $2) AS active FROM auth_session WHERE sid = $1',
    [cookie.sessionSid, ctx.now()],
  );
  if (rows[0]?.active) throw new AppError('clientConflict');
}

export async function authenticate(
  ctx: AccountsContext,
  cache: AccessCache,
  request: FastifyRequest,
): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthorized');
  const claims = await ctx.tokens.verify(token);
  const companyHeader = request.headers[HEADERS.subCompany];
  const companySid =
    typeof companyHeader === 'string' &&
    companyHeader !== '' &&
    companyHeader !== SUB_COMPANY_ALL &&
    companyHeader !== SUB_COMPANY_ROOT
      ? companyHeader
      : undefined;
  const now = ctx.now();
  const rows = await ctx.db.query<SessionRow>(
    `SELECT s.user_sid, s.revoked_at, s.expires_at, u.status, u.is_tenant_admin, u.must_change_password,
            u.password_changed_at, ts.password_expiry_days, tn.access_version,
            CASE WHEN $3::text IS NULL THEN NULL ELSE EXISTS (
              SELECT 1 FROM user_company uc JOIN company c ON c.sid = uc.company_sid
               WHERE uc.user_sid = s.user_sid AND uc.company_sid = $3 AND c.tenant_sid = s.tenant_sid AND c.status = 1
            ) END AS company_ok
       FROM auth_session s
       JOIN user_account u ON u.sid = s.user_sid
       JOIN tenant tn ON tn.sid = s.tenant_sid
       LEFT JOIN tenant_security ts ON ts.tenant_sid = s.tenant_sid
      WHERE s.sid = $1 AND s.user_sid = $2`,
    [claims.sessionSid, claims.userSid, companySid ?? null],
  );
  const row = rows[0];
  if (!row) throw new AppError('tokenIllegal');
  if (row.revoked_at) throw new AppError('loggedOut');
  if (row.expires_at <= now) throw new AppError('tokenExpired');
  if (row.status !== 1) throw new AppError('accountDisabled');
  await checkSideConflict(ctx, request, claims.side);
  if (row.company_ok === false) throw new AppError('companyNotAllowed');
  const policy = {
    ...DEFAULT_SECURITY,
    passwordExpiryDays: row.password_expiry_days ?? DEFAULT_SECURITY.passwordExpiryDays,
  };
  const subject = {
    userSid: claims.userSid,
    tenantSid: claims.tenantSid,
    side: claims.side,
    isTenantAdmin: row.is_tenant_admin,
  };
  return {
    ...subject,
    sessionSid: claims.sessionSid,
    companySid,
    passwordChangeRequired: row.must_change_password || passwordExpired(row.password_changed_at, policy, now),
    access: await cache.get(ctx.db, subject, Number(row.access_version)),
  };
}

export function installAuthentication(app: FastifyInstance, ctx: AccountsContext, cache: AccessCache): void {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const principal = await authenticate(ctx, cache, request);
    if (principal.passwordChangeRequired && access !== 'password-change') throw new AppError('passwordChangeRequired');
    authorize(principal.access, cache.catalog, access, request);
    request.principal = principal;
  });
}
