// Tenant-wide account settings for administrators: the outgoing mail server (its password is stored
// sealed and never returned) and the sign-in/password rules. Each answer carries `updated_at`; every save
// sends back the one it read (null when nothing was saved yet) and is refused (409000) when someone saved in
// between (db/setting-version.ts), so no save silently overwrites another.
import { PASSWORD_POLICIES } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit, type AccountsContext } from '../../modules/accounts/context.js';
import { securityPolicy } from '../../modules/accounts/security-policy.js';
import { resolveSmtpDestination } from '../../modules/mail/smtp-destination.js';
import { principalOf } from '../context.js';
import { envelopeSchema, ok } from '../reply.js';
import { unchangedSince } from '../../db/setting-version.js';
import { settingReadAt } from '../labels.js';
import { AppError } from '@ipdesk/core';

const mailShape = {
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(0).max(65535),
  secure: z.boolean(),
  username: z.string().max(255).nullable(),
  from_address: z.string().trim().min(3).max(320),
};
const securityShape = {
  password_policy: z.enum(PASSWORD_POLICIES),
  password_history_count: z.number().int().min(0).max(24),
  password_expiry_days: z.number().int().min(0).max(3650),
  lockout_threshold: z.number().int().min(1).max(100),
  lockout_window_minutes: z.number().int().min(1).max(1440),
  lockout_minutes: z.number().int().min(1).max(1440),
};

export const tenantSettingsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  const tags = ['setting'];
  app.get(
    '/setting/tenant/mail',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary: "Your tenant's outgoing mail server (without its password)",
        tags,
        response: {
          200: envelopeSchema({
            data: z.object({ ...mailShape, has_password: z.boolean(), updated_at: z.date() }).nullable(),
          }),
        },
      },
    },
    async (request) => {
      const rows = await accounts.db.query<{
        host: string;
        port: number;
        secure: boolean;
        username: string | null;
        from_address: string;
        has_password: boolean;
        updated_at: Date;
      }>(
        `SELECT host, port, secure, username, from_address, password_encrypted IS NOT NULL AS has_password,
                date_trunc('milliseconds', updated_at) AS updated_at
           FROM tenant_mail_settings WHERE tenant_sid = $1`,
        [principalOf(request).tenantSid],
      );
      return ok(request, { data: rows[0] ?? null });
    },
  );

  app.post(
    '/setting/tenant/mail/do/update',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary:
          "Set your tenant's outgoing mail server; omit password to keep the stored one. A host that resolves to an internal " +
          'address (loopback, private, link-local, metadata) is refused (400105) unless SMTP_ALLOW_INTERNAL_HOSTS is set',
        tags,
        body: z.object({ ...mailShape, password: z.string().max(1024).optional(), updated_at: settingReadAt }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const body = request.body;
      // Refused at save with a clear answer; checked again at each send (the name may change).
      await resolveSmtpDestination(body.host, { allowInternal: accounts.config.smtpAllowInternalHosts });
      const sealed = body.password !== undefined ? accounts.secrets.seal(body.password) : null;
      await accounts.db.transaction(async (tx) => {
        const saved = await tx.query(
          `INSERT INTO tenant_mail_settings AS s (tenant_sid, host, port, secure, username, password_encrypted, from_address, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (tenant_sid) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port, secure = EXCLUDED.secure,
             username = EXCLUDED.username, from_address = EXCLUDED.from_address, updated_at = EXCLUDED.updated_at,
             password_encrypted = COALESCE(EXCLUDED.password_encrypted, s.password_encrypted)
             WHERE ${unchangedSince('s', '$9')}
           RETURNING 1`,
          [
            principal.tenantSid,
            body.host,
            body.port,
            body.secure,
            body.username,
            sealed,
            body.from_address,
            accounts.now(),
            body.updated_at,
          ],
        );
        if (!saved.length) throw new AppError('conflict');
        await audit(tx, {
          tenantSid: principal.tenantSid,
          actorSid: principal.userSid,
          action: 'tenant.mail_settings_updated',
          detail: { host: body.host, port: body.port, password_changed: body.password !== undefined },
          requestId: request.id,
          at: accounts.now(),
        });
      });
      return ok(request, {});
    },
  );

  app.get(
    '/setting/tenant/security',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary: "Your tenant's sign-in and password rules",
        tags,
        response: { 200: envelopeSchema({ data: z.object({ ...securityShape, updated_at: z.date().nullable() }) }) },
      },
    },
    async (request) => {
      const tenantSid = principalOf(request).tenantSid;
      const policy = await securityPolicy(accounts.db, tenantSid);
      const saved = await accounts.db.query<{ updated_at: Date }>(
        "SELECT date_trunc('milliseconds', updated_at) AS updated_at FROM tenant_security WHERE tenant_sid = $1",
        [tenantSid],
      );
      return ok(request, {
        data: {
          password_policy: policy.passwordPolicy,
          password_history_count: policy.passwordHistoryCount,
          password_expiry_days: policy.passwordExpiryDays,
          lockout_threshold: policy.throttle.threshold,
          lockout_window_minutes: policy.throttle.windowMinutes,
          lockout_minutes: policy.throttle.lockMinutes,
          updated_at: saved[0]?.updated_at ?? null,
        },
      });
    },
  );

  app.post(
    '/setting/tenant/security/do/update',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary: "Set your tenant's sign-in and password rules",
        tags,
        body: z.object({ ...securityShape, updated_at: settingReadAt }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { updated_at: readAt, ...b } = request.body;
      await accounts.db.transaction(async (tx) => {
        const saved = await tx.query(
          `INSERT INTO tenant_security AS s (tenant_sid, password_policy, password_history_count, password_expiry_days, lockout_threshold, lockout_window_minutes, lockout_minutes, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (tenant_sid) DO UPDATE SET password_policy = EXCLUDED.password_policy, password_history_count = EXCLUDED.password_history_count,
             password_expiry_days = EXCLUDED.password_expiry_days, lockout_threshold = EXCLUDED.lockout_threshold,
             lockout_window_minutes = EXCLUDED.lockout_window_minutes, lockout_minutes = EXCLUDED.lockout_minutes, updated_at = EXCLUDED.updated_at
             WHERE ${unchangedSince('s', '$9')}
           RETURNING 1`,
          [
            principal.tenantSid,
            b.password_policy,
            b.password_history_count,
            b.password_expiry_days,
            b.lockout_threshold,
            b.lockout_window_minutes,
            b.lockout_minutes,
            accounts.now(),
            readAt,
          ],
        );
        if (!saved.length) throw new AppError('conflict');
        await audit(tx, {
          tenantSid: principal.tenantSid,
          actorSid: principal.userSid,
          action: 'tenant.security_updated',
          detail: b,
          requestId: request.id,
          at: accounts.now(),
        });
      });
      return ok(request, {});
    },
  );
};
