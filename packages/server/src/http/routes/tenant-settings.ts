// Tenant-wide account settings for administrators: the outgoing mail server (its password is stored
// sealed and never returned) and the sign-in/password rules. Each answer carries `updated_at`; every save
// sends back the one it read (null when nothing was saved yet) and is refused (409000) when someone saved in
// between, so no save silently overwrites another. The commands (modules/tenants) do the reads, the
// checked saves and the audit entries.
import { PASSWORD_POLICIES } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { readMailSettings } from '../../modules/tenants/read-mail-settings.js';
import { readSecuritySettings } from '../../modules/tenants/read-security-settings.js';
import { updateMailSettings } from '../../modules/tenants/update-mail-settings.js';
import { updateSecuritySettings } from '../../modules/tenants/update-security-settings.js';
import { requestContext } from '../../platform/context.js';
import { envelopeSchema, ok } from '../reply.js';
import { settingReadAt } from '../labels.js';

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
    async (request) => ok(request, { data: await readMailSettings(accounts, requestContext(request, accounts.now)) }),
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
      await updateMailSettings(accounts, requestContext(request, accounts.now), request.body);
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
    async (request) =>
      ok(request, { data: await readSecuritySettings(accounts, requestContext(request, accounts.now)) }),
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
      await updateSecuritySettings(accounts, requestContext(request, accounts.now), request.body);
      return ok(request, {});
    },
  );
};
