// Authentication for every non-public route, before validation: the access token (Authorization:
// Bearer …), then the session and user as the database has them (revoked → 30409, disabled → 30102;
// checks are remembered until a change is announced, session-checks.ts), the forced password change,
// the sub-company header, and the one-side-per-browser rule.
import { AppError, HEADERS, SUB_COMPANY_ALL, SUB_COMPANY_ROOT, type ClientSide } from '@ipdesk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountsContext } from '../modules/accounts/context.js';
import { passwordExpired, DEFAULT_SECURITY } from '../modules/accounts/security-policy.js';
import type { AccessCache } from '../modules/rbac/access.js';
import { authorize } from '../modules/rbac/authorize.js';
import type { Principal } from './context.js';
import { createSessionChecks, type SessionChecks } from './session-checks.js';
import { readSideCookie } from './side-cookie.js';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1] : header.trim();
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
  sessions: SessionChecks,
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
  const row = await sessions.read(claims.sessionSid, claims.userSid, companySid);
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
  const sessions = createSessionChecks(ctx.db);
  app.addHook('onClose', async () => sessions.close());
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const principal = await authenticate(ctx, cache, sessions, request);
    if (principal.passwordChangeRequired && access !== 'password-change') throw new AppError('passwordChangeRequired');
    authorize(principal.access, cache.catalog, access, request);
    request.principal = principal;
  });
}
