// {webapi} the tenant's notification webhook and the administrator's log of notification deliveries
// (docs/notifications.md "Delivery", docs/api.md). Tenant administrators only (system.settings, which no
// role can grant); everything is scoped to the caller's tenant.
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  WEBHOOK_URL_MAX,
} from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labelled, settingReadAt } from '../../../http/labels.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { AccountsContext } from '../../../modules/accounts/context.js';
import { requestContext } from '../../context.js';
import type { ModelRegistry } from '../../models/registry.js';
import { listDeliveries, resendDelivery } from './delivery-log.js';
import { readWebhookSettings, sendWebhookTest, updateWebhookSettings } from './webhook-settings.js';

const access = { resource: 'system.settings' } as const;
// A bigserial id: at most 18 digits, so it always fits the column's type.
const deliveryId = z.string().regex(/^[1-9][0-9]{0,17}$/);

export const notificationDeliveryRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsContext;
  registry: ModelRegistry;
}> = async (app, { accounts, registry }) => {
  const tags = ['notification'];

  app.get(
    '/setting/tenant/webhook',
    {
      config: { access },
      schema: {
        summary: "Your tenant's notification webhook (its address; whether a signing secret is set, never the secret)",
        tags,
        response: {
          200: envelopeSchema({
            data: z.object({ url: z.string().nullable(), has_secret: z.boolean(), updated_at: z.date().nullable() }),
          }),
        },
      },
    },
    async (request) =>
      ok(request, { data: await readWebhookSettings(accounts, requestContext(request, accounts.now)) }),
  );

  app.post(
    '/setting/tenant/webhook/do/update',
    {
      config: { access },
      schema: {
        summary:
          "Set your tenant's notification webhook: an https address (http only to internal hosts where SMTP_ALLOW_INTERNAL_HOSTS " +
          'allows them; other internal addresses are refused, 400492) and a signing secret (required the first time; ' +
          'omit to keep, send to rotate). url null or empty turns it off',
        tags,
        body: z
          .object({
            url: labelled(z.string().trim().max(WEBHOOK_URL_MAX).nullable(), 'adminWebhook.url'),
            secret: labelled(
              z.string().min(WEBHOOK_SECRET_MIN).max(WEBHOOK_SECRET_MAX),
              'adminWebhook.secret',
            ).optional(),
            updated_at: settingReadAt,
          })
          .strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await updateWebhookSettings(accounts, requestContext(request, accounts.now), request.body);
      return ok(request, {});
    },
  );

  app.post(
    '/setting/tenant/webhook/do/test',
    {
      config: { access },
      schema: {
        summary: 'Post a signed test message (event webhook.test) to the saved webhook; 502490 says why it failed',
        tags,
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await sendWebhookTest(accounts, requestContext(request, accounts.now));
      return ok(request, {});
    },
  );

  app.get(
    '/notification-deliveries',
    {
      config: { access },
      schema: {
        summary:
          "Your tenant's notification deliveries (e-mail, digest, webhook), newest first; next is the `before` of the next page",
        tags,
        querystring: z
          .object({
            status: labelled(z.enum(DELIVERY_STATUSES), 'adminDeliveries.status').optional(),
            channel: labelled(z.enum(DELIVERY_CHANNELS), 'adminDeliveries.channel').optional(),
            before: labelled(deliveryId, 'field.cursor').optional(),
            limit: labelled(z.coerce.number().int().min(1).max(100), 'field.rows').default(50),
          })
          .strict(),
        response: {
          200: envelopeSchema({
            data: z.array(
              z.object({
                id: z.string(),
                channel: z.enum(DELIVERY_CHANNELS),
                status: z.enum(DELIVERY_STATUSES),
                attempts: z.number().int(),
                event: z.string(),
                event_label: z.string(),
                title: z.string(),
                link: z.string().nullable(),
                recipient: z.object({ account: z.string(), name: z.string() }).nullable(),
                reason_code: z.string().nullable(),
                reason: z.string().nullable(),
                created_at: z.date(),
                available_at: z.date(),
                sent_at: z.date().nullable(),
              }),
            ),
            next: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const page = await listDeliveries({ accounts, registry }, requestContext(request, accounts.now), request.query);
      return ok(request, { data: page.items, next: page.next });
    },
  );

  app.post(
    '/notification-deliveries/:id/do/resend',
    {
      config: { access },
      schema: {
        summary:
          'Send a failed (or sent) delivery again: back to pending, attempts reset, audited; 409491 while it is pending',
        tags,
        params: z.object({ id: labelled(deliveryId, 'field.data') }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await resendDelivery(accounts, requestContext(request, accounts.now), request.params.id);
      return ok(request, {});
    },
  );
};
