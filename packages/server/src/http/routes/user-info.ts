// {webapi} account calls (spec §7 "User info", "Other account calls"): forgot/reset password, own
// profile, company choice, personal settings, avatar, sessions, and the administrator's unlock and
// password set.
import { AppError, PASSWORD_POLICIES, SID_PATTERN } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {} from '@fastify/multipart';
import { z } from 'zod';
import { ACCOUNT_RESOURCES, adminSetPassword, unlockUser, userLockState } from '../../modules/accounts/admin.js';
import { changeAvatar } from '../../modules/accounts/change-avatar.js';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { changeOwnPassword } from '../../modules/accounts/password-change.js';
import { openPasswordField, type PasswordField } from '../../modules/accounts/password-envelope.js';
import { checkResetLink, resetPassword, sendResetLink } from '../../modules/accounts/password-reset.js';
import { chooseCompany, readSetting, updateOwnProfile, writeSetting } from '../../modules/accounts/profile.js';
import { securityPolicy } from '../../modules/accounts/security-policy.js';
import { revokeSession, revokeUserSessions } from '../../modules/accounts/sessions.js';
import { companiesOf, findUser, presentBasicUser, presentUser } from '../../modules/accounts/users.js';
import { fileStore } from '../../platform/files/file-store.js';
import { sniffImage } from '../../platform/files/image-type.js';
import { requestContext } from '../../platform/context.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { RateLimiter } from '../rate-limit.js';
import { envelopeSchema, ok } from '../reply.js';
import { emailField, mobileField, passwordEnvelope, sidParam, versionField, passwordChangeBody } from './schemas.js';

export interface UserInfoRouteOptions {
  accounts: AccountsContext;
}

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const flatQuery = z.object({ flat: z.enum(['0', '1']).optional() }).strict();
const userSchema = z.object({
  sid: z.string(),
  account: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  name: z.string(),
  english_name: z.string().nullable(),
  user_type_client: z.number(),
  status: z.number(),
  is_tenant_admin: z.boolean(),
  avatar_sid: z.string().nullable(),
  is_bind_back_office: z.boolean(),
  must_change_password: z.boolean(),
  version: z.number(),
});
const companySchema = z.object({
  sid: z.string(),
  path: z.string(),
  company_name: z.string(),
  english_name: z.string().nullable(),
  simple_name: z.string().nullable(),
  last_login_flag: z.boolean(),
});
const empty = envelopeSchema({});
const policyAnswer = envelopeSchema({ data: z.object({ password_policy: z.enum(PASSWORD_POLICIES) }) });
const settingKey = labelled(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/), 'field.settingKey');

export const userInfoRoutes: FastifyPluginAsyncZod<UserInfoRouteOptions> = async (app, { accounts }) => {
  const files = fileStore(accounts.config.dataDir);
  const clock = () => accounts.now().getTime();
  const resetByIp = new RateLimiter(accounts.config.resetRateLimit, 15 * 60_000, clock);
  const resetByTenant = new RateLimiter(50, 60 * 60_000, clock);
  const tags = ['user_info'];

  app.post(
    '/model/user_info/do/sendLinkByEmail',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send a password reset link by e-mail',
        tags,
        querystring: z.object({ email: emailField }).strict(),
        response: { 200: empty },
      },
    },
    async (request) => {
      if (!resetByIp.hit(request.ip)) throw new AppError('rateLimited');
      const { tenantSid } = await sendResetLink(accounts, request.query.email, request.language, request.id);
      if (!resetByTenant.hit(tenantSid)) request.log.warn({ tenantSid }, 'many password reset requests for one tenant');
      return ok(request, {});
    },
  );

  app.get(
    '/model/user_info/do/emailLinkCheck',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Check that a reset link is still valid',
        tags,
        querystring: z
          .object({ email: emailField, emailKey: labelled(z.string().regex(/^[0-9a-f]{32}$/), 'field.emailKey') })
          .strict(),
        response: { 200: policyAnswer },
      },
    },
    async (request) => {
      const policy = await checkResetLink(accounts, request.query.email, request.query.emailKey);
      return ok(request, { data: { password_policy: policy } });
    },
  );

  app.get(
    '/model/user_info/do/password_policy',
    {
      config: { access: 'password-change' },
      schema: {
        summary: "Your tenant's password policy (for the change form's live rules)",
        tags,
        response: { 200: policyAnswer },
      },
    },
    async (request) =>
      ok(request, {
        data: { password_policy: (await securityPolicy(accounts.db, principalOf(request).tenantSid)).passwordPolicy },
      }),
  );

  app.post(
    '/model/user_info/do/reset',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password with a reset link (ends every session)',
        tags,
        body: z
          .object({
            email: emailField,
            emailKey: labelled(z.string().regex(/^[0-9a-f]{32}$/), 'field.emailKey'),
            new_password: passwordEnvelope('field.newPassword'),
            confirm_password: passwordEnvelope('field.confirmPassword'),
          })
          .strict(),
        response: { 200: empty },
      },
    },
    async (request) => {
      const open = (value: string, field: PasswordField) => openPasswordField(accounts.envelope, value, field);
      await resetPassword(accounts, {
        email: request.body.email,
        key: request.body.emailKey,
        newPassword: open(request.body.new_password, 'new_password'),
        confirmation: open(request.body.confirm_password, 'confirm_password'),
        language: request.language,
        requestId: request.id,
      });
      return ok(request, {});
    },
  );

  app.post(
    '/aggr/password/do/update',
    {
      config: { access: 'password-change' },
      schema: {
        summary: 'Change your own password (same as /passport/modify_password)',
        tags,
        body: passwordChangeBody,
        response: { 200: envelopeSchema({ authorization: z.string() }) },
      },
    },
    async (request) =>
      ok(request, {
        authorization: await changeOwnPassword(accounts, requestContext(request, accounts.now), request.body),
      }),
  );

  app.get(
    '/model/user_info/do/my',
    {
      config: { access: 'password-change' },
      schema: {
        summary: 'The signed-in user, with their companies',
        tags,
        querystring: flatQuery,
        response: {
          200: envelopeSchema({
            data: userSchema.extend({ companys: z.array(companySchema), company_sid: z.string().nullable() }),
          }),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await findUser(accounts.db, principal.tenantSid, principal.userSid);
      if (!user) throw new AppError('tokenIllegal');
      return ok(request, {
        data: {
          ...presentUser(user),
          companys: await companiesOf(accounts.db, user.sid),
          company_sid: principal.companySid ?? null,
        },
      });
    },
  );

  const profileBody = z
    .object({
      name: labelled(z.string().trim().min(1).max(255), 'field.name').optional(),
      english_name: labelled(z.string().trim().max(255), 'field.englishName').nullable().optional(),
      mobile: mobileField.nullable().optional(),
      email: emailField.nullable().optional(),
      version: versionField,
    })
    .strict();
  for (const url of ['/model/user_info/do/update', '/aggr/user_info/do/update']) {
    app.post(
      url,
      {
        config: { access: 'open' },
        schema: {
          summary: 'Update your own profile (send the version you read)',
          tags,
          body: profileBody,
          response: { 200: envelopeSchema({ data: userSchema }) },
        },
      },
      async (request) =>
        ok(request, { data: await updateOwnProfile(accounts, requestContext(request, accounts.now), request.body) }),
    );
  }

  app.get(
    '/model/user_info/:sid',
    {
      config: { access: 'open' },
      schema: {
        summary: 'A user of your tenant (yourself, or anyone for a tenant administrator)',
        tags,
        params: z.object({ sid: sidParam('field.userSid') }).strict(),
        querystring: flatQuery,
        response: { 200: envelopeSchema({ data: userSchema }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const allowed = principal.access.resources.has('person') || request.params.sid === principal.userSid;
      const user = allowed ? await findUser(accounts.db, principal.tenantSid, request.params.sid) : undefined;
      if (!user) throw new AppError('notFound');
      return ok(request, { data: presentUser(user) });
    },
  );

  app.get(
    '/model/user_info/basic/:sid',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Name and avatar of a user of your tenant',
        tags,
        params: z.object({ sid: sidParam('field.userSid') }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({
              sid: z.string(),
              name: z.string(),
              english_name: z.string().nullable(),
              avatar_sid: z.string().nullable(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const user = await findUser(accounts.db, principalOf(request).tenantSid, request.params.sid);
      if (!user) throw new AppError('notFound');
      return ok(request, { data: presentBasicUser(user) });
    },
  );

  app.post(
    '/model/user_info/do/choose_company',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Choose the company to work in (the default at next sign-in)',
        tags,
        body: z.object({ company_sid: sidParam('field.companySid') }).strict(),
        response: { 200: empty },
      },
    },
    async (request) => {
      await chooseCompany(accounts, requestContext(request, accounts.now), request.body.company_sid);
      return ok(request, {});
    },
  );

  app.get(
    '/setting/user/:key/setting',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Read a personal setting',
        tags: ['setting'],
        params: z.object({ key: settingKey }).strict(),
        response: { 200: envelopeSchema({ record: z.unknown() }) },
      },
    },
    async (request) =>
      ok(request, { record: await readSetting(accounts, requestContext(request, accounts.now), request.params.key) }),
  );

  app.post(
    '/setting/user/do/update',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Write a personal setting (any JSON value up to 64 KiB)',
        tags: ['setting'],
        body: z
          .object({
            key: settingKey,
            value: labelled(
              z.unknown().refine((v) => v !== undefined && JSON.stringify(v).length <= 65_536, 'validation.invalid'),
              'field.settingValue',
            ),
          })
          .strict(),
        response: { 200: empty },
      },
    },
    async (request) => {
      await writeSetting(accounts, requestContext(request, accounts.now), request.body);
      return ok(request, {});
    },
  );

  app.post(
    '/model/user_info/do/avatar',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Upload your avatar (PNG, JPEG, GIF or WebP, at most 2 MB; multipart field "file")',
        tags,
        response: { 200: envelopeSchema({ data: z.object({ avatar_sid: z.string() }) }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, accounts.now);
      if (!request.isMultipart())
        throw new AppError('unsupportedMediaType', { params: { type: String(request.headers['content-type'] ?? '') } });
      const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0 } });
      if (!part) throw new AppError('badRequest');
      const bytes = await part.toBuffer().catch((cause: unknown) => {
        throw new AppError('fileTooLarge', { params: { max: '2 MB' }, cause });
      });
      if (part.file.truncated) throw new AppError('fileTooLarge', { params: { max: '2 MB' } });
      const mediaType = sniffImage(bytes.subarray(0, 16));
      if (!mediaType) throw new AppError('fileType', { params: { allowed: 'PNG, JPEG, GIF, WebP' } });
      const saved = await changeAvatar({ accounts, files }, ctx, { bytes, mediaType });
      return ok(request, { data: { avatar_sid: saved.avatarSid } });
    },
  );

  app.get(
    '/file/avatar/:sid',
    {
      config: { access: 'open' },
      schema: {
        summary: 'An avatar image of your tenant',
        tags,
        params: z.object({ sid: labelled(z.string().regex(SID_PATTERN), 'field.userSid') }).strict(),
      },
    },
    async (request, reply) => {
      const found = await files.read(accounts.db, principalOf(request).tenantSid, request.params.sid, 'avatar');
      if (!found) throw new AppError('notFound');
      return reply
        .type(found.file.mediaType)
        .header('content-disposition', `attachment; filename="avatar-${found.file.sid}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(found.bytes);
    },
  );

  app.post(
    '/model/token/do/search',
    {
      config: { access: 'open' },
      schema: {
        summary: 'Your active sign-in sessions',
        tags: ['token'],
        body: z.object({}).strict().optional(),
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                sid: z.string(),
                created_at: z.date(),
                last_used_at: z.date(),
                ip: z.string().nullable(),
                user_agent: z.string().nullable(),
                current: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const rows = await accounts.db.query<{
        sid: string;
        created_at: Date;
        last_used_at: Date;
        ip: string | null;
        user_agent: string | null;
      }>(
        'SELECT sid, created_at, last_used_at, ip, user_agent FROM auth_session WHERE user_sid = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY last_used_at DESC',
        [principal.userSid, accounts.now()],
      );
      return ok(request, { data: rows.map((row) => ({ ...row, current: row.sid === principal.sessionSid })) });
    },
  );

  app.post(
    '/model/token/do/delete',
    {
      config: { access: 'open' },
      schema: {
        summary: 'End one of your sessions, or all the others',
        tags: ['token'],
        body: z.object({ sid: sidParam('field.token').optional(), others: z.boolean().optional() }).strict(),
        response: { 200: envelopeSchema({ ended: z.number() }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const now = accounts.now();
      if (request.body.others)
        return ok(request, {
          ended: await revokeUserSessions(accounts.db, principal.userSid, 'ended_by_user', now, principal.sessionSid),
        });
      const sid = request.body.sid ?? principal.sessionSid;
      const own = await accounts.db.query(
        'SELECT 1 FROM auth_session WHERE sid = $1 AND user_sid = $2 AND revoked_at IS NULL',
        [sid, principal.userSid],
      );
      if (own.length === 0) throw new AppError('notFound');
      await revokeSession(accounts.db, sid, 'ended_by_user', now);
      return ok(request, { ended: 1 });
    },
  );

  // Account management: holders of person:account manage enterprise accounts, of agent:account agency
  // ones (checked per user in modules/accounts/admin.ts).
  const accountManagement = { resource: Object.values(ACCOUNT_RESOURCES) };
  const lockedAt = z.string().nullable();

  app.get(
    '/model/user_info/do/lock_state',
    {
      config: { access: accountManagement },
      schema: {
        summary: "A user's failed sign-ins: the account-wide lock and the addresses locked out (administrators)",
        tags,
        querystring: z.object({ sid: sidParam('field.userSid') }).strict(),
        response: {
          200: envelopeSchema({
            data: z.object({
              locked: z.boolean(),
              account_locked_until: lockedAt,
              account_failures: z.number(),
              addresses: z.array(z.object({ address: z.string(), failures: z.number(), locked_until: lockedAt })),
            }),
          }),
        },
      },
    },
    async (request) => {
      const state = await userLockState(accounts, requestContext(request, accounts.now), request.query.sid);
      return ok(request, {
        data: {
          locked: state.accountLockedUntil !== null || state.addresses.some((a) => a.lockedUntil !== null),
          account_locked_until: state.accountLockedUntil?.toISOString() ?? null,
          account_failures: state.accountFailures,
          addresses: state.addresses.map((a) => ({
            address: a.address,
            failures: a.failures,
            locked_until: a.lockedUntil?.toISOString() ?? null,
          })),
        },
      });
    },
  );

  app.get(
    '/model/user_info/do/unlock',
    {
      config: { access: accountManagement },
      schema: {
        summary: 'Clear every sign-in lock and failure count of a user (administrators)',
        tags,
        querystring: z.object({ sid: sidParam('field.userSid') }).strict(),
        response: { 200: empty },
      },
    },
    async (request) => {
      await unlockUser(accounts, requestContext(request, accounts.now), request.query.sid);
      return ok(request, {});
    },
  );

  app.post(
    '/model/user_info/do/password_reset',
    {
      config: { access: accountManagement },
      schema: {
        summary:
          "Set a user's temporary password (administrators): their sessions end and they must change it at sign-in; " +
          'for your own account old_password is required',
        tags,
        body: z
          .object({
            user_sid: sidParam('field.userSid'),
            old_password: passwordEnvelope('field.oldPassword').optional(),
            new_password: passwordEnvelope('field.newPassword'),
            confirm_password: passwordEnvelope('field.confirmPassword'),
          })
          .strict(),
        response: { 200: empty },
      },
    },
    async (request) => {
      const password = openPasswordField(accounts.envelope, request.body.new_password, 'new_password');
      const confirmation = openPasswordField(accounts.envelope, request.body.confirm_password, 'confirm_password');
      const old = request.body.old_password;
      await adminSetPassword(accounts, requestContext(request, accounts.now), {
        userSid: request.body.user_sid,
        password,
        confirmation,
        currentPassword: old === undefined ? undefined : openPasswordField(accounts.envelope, old, 'old_password'),
      });
      return ok(request, {});
    },
  );
};
