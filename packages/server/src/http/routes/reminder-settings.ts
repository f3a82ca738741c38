// {webapi} A tenant's deadline reminder settings for its administrators (docs/notifications.md "Reminders and
// escalation"): lead times per deadline type (a category or a rule code) and when an open deadline is
// escalated. The answer carries `updated_at`; a save sends back the one it read and is refused (409000) when
// someone saved in between. The command checks the types and lists (platform/notifications/reminders).
import { LEAD_TIME_LIMITS } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/context.js';
import { readReminderSettings, updateReminderSettings } from '../../platform/notifications/reminders/settings.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../reply.js';
import { labelled, settingReadAt } from '../labels.js';
import type { ServiceOptions } from '../services.js';

const days = labelled(z.number().int().min(LEAD_TIME_LIMITS.minDays).max(LEAD_TIME_LIMITS.maxDays), 'field.leadTimes');
const leadTimes = labelled(
  z
    .record(z.string().min(1).max(64), labelled(z.array(days).max(LEAD_TIME_LIMITS.perType), 'field.leadTimes'))
    // Categories plus every rule code stay far below this; it only bounds what a caller can send.
    .refine((value) => Object.keys(value).length <= 500, { error: 'validation.leadTimeTooMany' }),
  'field.leadTimes',
);
const escalateWithinDays = labelled(z.number().int().min(0).max(365), 'field.escalateWithinDays');

export const reminderSettingsRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts, registry }) => {
  const tags = ['setting'];
  const deps = { db: accounts.db, registry };
  const access = { resource: 'system.settings' };

  app.get(
    '/tenant/notification-settings',
    {
      config: { access },
      schema: {
        summary:
          "Your tenant's deadline reminder lead times per type (defaults filled in), the types it may set, and when open deadlines are escalated",
        tags,
        response: {
          200: envelopeSchema({
            data: z.object({
              lead_times: z.record(z.string(), z.array(z.number())),
              escalate_within_days: z.number(),
              types: z.array(z.object({ type: z.string(), kind: z.enum(['category', 'rule']), label: z.string() })),
              updated_at: z.date().nullable(),
            }),
          }),
        },
      },
    },
    async (request) => ok(request, { data: await readReminderSettings(deps, requestContext(request, accounts.now)) }),
  );

  app.put(
    '/tenant/notification-settings',
    {
      config: { access },
      schema: {
        summary:
          "Set your tenant's reminder lead times (days before due, 0–365, unique, at most 10 per type; a type is " +
          "'default', 'office_action', 'fee' or a rule code) and the days before due an open deadline is escalated",
        tags,
        body: z
          .object({ lead_times: leadTimes, escalate_within_days: escalateWithinDays, updated_at: settingReadAt })
          .strict(),
        response: { 200: envelopeSchema({}), 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await updateReminderSettings(deps, requestContext(request, accounts.now), request.body);
      return ok(request, {});
    },
  );
};
