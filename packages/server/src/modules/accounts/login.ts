// Sign-in with account (or e-mail) and an enveloped password. Unknown accounts, wrong passwords and
// unreadable envelopes get one identical answer after the same work (a dummy hash is verified), and
// all of them count towards the same lockout. Restrictions (disabled, e-mail only, SSO only) are told
// only after the right password, so they reveal nothing to a guesser.
import { AppError, formatLocalDateTime, isEmail, type ClientSide, type ErrorName, type Language } from '@ipdesk/core';
import { audit, type AccountsContext } from './context.js';
import { queueAccountNotice } from './account-notices.js';
import { lockedUntil, recordFailure, recordSuccess, sourceOf, type Attempt } from './login-throttle.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password-hash.js';
import { passwordExpired, securityPolicy, DEFAULT_SECURITY } from './security-policy.js';
import { openSession } from './sessions.js';
import { companiesOf, findUserByIdentifier, type CompanyChoice } from './users.js';

export interface LoginInput {
  account: string;
  passwordEnvelope: string;
  ip: string;
  userAgent: string | undefined;
  requestId: string;
  /** For the lockout message's date and time. */
  language: Language;
}

export interface LoginResult {
  authorization: string;
  refreshToken: string;
  sessionSid: string;
  side: ClientSide;
  companys: CompanyChoice[];
  avatarSid: string | null;
  isBindBackOffice: boolean;
  passwordChangeRequired: boolean;
}

const RESTRICTION_ERRORS: Record<string, ErrorName | undefined> = {
  none: undefined,
  sso_any: 'ssoOnlyAny',
  sso_dingtalk: 'ssoOnlyDingtalk',
  sso_wechat: 'ssoOnlyWechat',
  sso_feishu: 'ssoOnlyFeishu',
  sso_third_party: 'ssoOnlyThirdParty',
};

const subjectFor = (identifier: string, userSid: string | undefined) => userSid ?? `name:${identifier.toLowerCase()}`;

/** 30116 with the lock's end as the caller reads it: their language, the installation's time zone. */
function lockedError(ctx: AccountsContext, until: Date, language: Language): AppError {
  return new AppError('accountLocked', {
    params: { until: formatLocalDateTime(until, language, ctx.config.timeZone) },
  });
}

export async function login(ctx: AccountsContext, input: LoginInput): Promise<LoginResult> {
  const now = ctx.now();
  const password = ctx.envelope.open(input.passwordEnvelope);
  const user = await findUserByIdentifier(ctx.db, input.account);
  const attempt: Attempt = {
    subject: subjectFor(input.account, user?.sid),
    source: sourceOf(input.ip),
    userSid: user?.sid,
  };
  const policy = user ? await securityPolicy(ctx.db, user.tenant_sid) : DEFAULT_SECURITY;

  const until = await lockedUntil(ctx.db, attempt, now);
  if (until) throw lockedError(ctx, until, input.language);

  const hash = user?.password_hash ?? (await dummyPasswordHash());
  const passwordOk = password !== undefined && (await verifyPassword(hash, password)) && user?.password_hash != null;
  if (!user || !passwordOk) {
    const lockedNow = await ctx.db.transaction(async (tx) => {
      const locked = await recordFailure(tx, attempt, policy.throttle, now);
      await audit(tx, {
        tenantSid: user?.tenant_sid ?? null,
        actorSid: user?.sid ?? null,
        action: locked ? 'login.locked' : 'login.failed',
        detail: { ip: input.ip },
        requestId: input.requestId,
        at: now,
      });
      if (locked && user)
        await queueAccountNotice(tx, { tenantSid: user.tenant_sid, userSid: user.sid, event: 'account.locked', now });
      return locked;
    });
    if (lockedNow) throw lockedError(ctx, lockedNow, input.language);
    throw new AppError('invalidCredentials');
  }

  if (user.status !== 1) throw new AppError('accountDisabled');
  if (
    user.login_restriction === 'email_only' &&
    !(isEmail(input.account) && input.account.toLowerCase() === user.email?.toLowerCase())
  ) {
    throw new AppError('emailLoginOnly');
  }
  const restricted = RESTRICTION_ERRORS[user.login_restriction];
  if (restricted) throw new AppError(restricted);

  const passwordChangeRequired = user.must_change_password || passwordExpired(user.password_changed_at, policy, now);
  const upgradedHash = needsRehash(hash) ? await hashPassword(password!) : undefined;
  const session = await ctx.db.transaction(async (tx) => {
    await recordSuccess(tx, attempt, now);
    if (upgradedHash)
      await tx.query('UPDATE user_account SET password_hash = $2 WHERE sid = $1', [user.sid, upgradedHash]);
    const opened = await openSession(
      ctx,
      tx,
      { sid: user.sid, tenantSid: user.tenant_sid, side: user.user_type_client },
      input,
    );
    await audit(tx, {
      tenantSid: user.tenant_sid,
      actorSid: user.sid,
      action: 'login.succeeded',
      target: opened.sessionSid,
      detail: { ip: input.ip },
      requestId: input.requestId,
      at: now,
    });
    return opened;
  });
  const authorization = await ctx.tokens.issue({
    userSid: user.sid,
    tenantSid: user.tenant_sid,
    sessionSid: session.sessionSid,
    side: user.user_type_client,
  });
  return {
    authorization,
    refreshToken: session.refreshToken,
    sessionSid: session.sessionSid,
    side: user.user_type_client,
    companys: await companiesOf(ctx.db, user.sid),
    avatarSid: user.avatar_sid,
    isBindBackOffice: user.is_bind_back_office,
    passwordChangeRequired,
  };
}
