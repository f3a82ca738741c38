// {webapi} the signed-in person's notifications (docs/notifications.md "Inbox, watching, preferences",
// docs/api.md): the inbox and its unread count (what the bell polls), marking read, preferences, and
// watching a record of any model. The inbox and preferences are every signed-in user's own (access open);
// watching needs the model's view right and the record in the caller's data scope (404 otherwise).
import {
  AppError,
  EMAIL_MODES,
  inboxPageAnswer,
  LANGUAGES,
  MODEL_NAME_PATTERN,
  NOTIFICATION_EVENTS,
  NOTIFICATION_GROUPS,
  SID_PATTERN,
} from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../http/context.js';
import { labelled } from '../../http/labels.js';
import { envelopeSchema, ok } from '../../http/reply.js';
import type { ServiceOptions } from '../../http/services.js';
import { requestContext } from '../context.js';
import { INBOX_PAGE_MAX, listInbox, MARK_READ_MAX, markRead, unreadCount } from './inbox.js';
import { followUiLanguage, isTimeZone, readPreferences, savePreferences } from './preferences.js';
import { unwatchRecord, watchRecord, watchState } from './watch.js';

const tags = ['notifications'];
const sid = labelled(z.string().regex(SID_PATTERN), 'field.notificationSids');
const hour = z.number().int().min(0).max(23);

const eventPreference = z
  .object({
    event: labelled(z.enum(NOTIFICATION_EVENTS), 'field.notificationEvent'),
    in_app: z.boolean(),
    email: labelled(z.enum(EMAIL_MODES), 'field.emailMode'),
  })
  .strict();

const settingsSchema = z
  .object({
    language: labelled(z.enum(LANGUAGES), 'field.language'),
    time_zone: labelled(z.string().max(64).refine(isTimeZone, 'validation.invalid'), 'field.timeZone'),
    quiet_from: labelled(hour.nullable(), 'field.quietHours'),
    quiet_to: labelled(hour.nullable(), 'field.quietHours'),
    digest_hour: labelled(hour, 'field.digestHour'),
  })
  .strict()
  // Quiet hours are a span: both ends or neither, and not empty.
  .refine(
    (s) => (s.quiet_from === null) === (s.quiet_to === null) && (s.quiet_from === null || s.quiet_from !== s.quiet_to),
    {
      message: 'validation.invalid',
      path: ['quiet_to'],
    },
  );

const preferencesSchema = z.object({
  events: z.array(
    eventPreference.extend({ label: z.string(), group: z.enum(NOTIFICATION_GROUPS), mandatory: z.boolean() }),
  ),
  settings: z.object({
    language: z.enum(LANGUAGES),
    time_zone: z.string(),
    quiet_from: z.number().nullable(),
    quiet_to: z.number().nullable(),
    digest_hour: z.number(),
  }),
});

export const notificationRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (
  app,
  { accounts, registry, models },
) => {
  const deps = { db: accounts.db, registry };

  app.get(
    '/notifications',
    {
      config: { access: 'open' },
      schema: {
        summary:
          "Your notifications, newest first, in your language: filter by unread and group; page with `before` (the previous answer's `next`)",
        tags,
        querystring: z
          .object({
            unread: labelled(z.enum(['true', 'false']), 'field.unreadOnly').optional(),
            group: labelled(z.enum(NOTIFICATION_GROUPS), 'field.notificationGroup').optional(),
            before: labelled(z.string().min(1).max(200), 'field.cursor').optional(),
            limit: labelled(z.coerce.number().int().min(1).max(INBOX_PAGE_MAX), 'field.notificationLimit').optional(),
          })
          .strict(),
        response: {
          200: envelopeSchema({ data: inboxPageAnswer }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await listInbox(deps, requestContext(request, accounts.now), {
        unread: q.unread === 'true',
        group: q.group,
        before: q.before,
        limit: q.limit,
      });
      return ok(request, { data });
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { access: 'open' },
      schema: {
        summary: 'How many of your notifications are unread (what the bell shows)',
        tags,
        response: { 200: envelopeSchema({ data: z.object({ unread: z.number().int() }) }) },
      },
    },
    async (request) => ok(request, { data: { unread: await unreadCount(accounts.db, principalOf(request).userSid) } }),
  );

  app.post(
    '/notifications/read',
    {
      config: { access: 'open' },
      schema: {
        summary:
          "Mark notifications read: `sids` (others' are skipped without a word) or `all: true`; answers how many changed and the unread count",
        tags,
        body: z
          .object({
            sids: labelled(z.array(sid).min(1).max(MARK_READ_MAX), 'field.notificationSids').optional(),
            all: labelled(z.literal(true), 'field.readAll').optional(),
          })
          .strict()
          .refine((b) => (b.sids === undefined) !== (b.all === undefined), {
            message: 'validation.required',
            path: ['sids'],
          }),
        response: { 200: envelopeSchema({ data: z.object({ marked: z.number().int(), unread: z.number().int() }) }) },
      },
    },
    async (request) =>
      ok(request, { data: await markRead(accounts.db, requestContext(request, accounts.now), request.body) }),
  );

  app.get(
    '/notifications/preferences',
    {
      config: { access: 'open' },
      schema: {
        summary:
          'Your notification preferences: per event in-app and e-mail (immediate, digest, off), and your settings',
        tags,
        response: { 200: envelopeSchema({ data: preferencesSchema }) },
      },
    },
    async (request) => ok(request, { data: await readPreferences(accounts.db, requestContext(request, accounts.now)) }),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { access: 'open' },
      schema: {
        summary:
          'Save your preferences: the events sent (others keep theirs) and your settings; account events cannot be turned off (400494)',
        tags,
        body: z
          .object({
            events: labelled(
              z.array(eventPreference).max(NOTIFICATION_EVENTS.length),
              'field.notificationEvent',
            ).optional(),
            settings: settingsSchema.optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: preferencesSchema }) },
      },
    },
    async (request) =>
      ok(request, { data: await savePreferences(accounts.db, requestContext(request, accounts.now), request.body) }),
  );

  app.post(
    '/notifications/language',
    {
      config: { access: 'open' },
      schema: {
        summary: 'The UI language switched: your notification mails follow it',
        tags,
        body: z.object({ language: labelled(z.enum(LANGUAGES), 'field.language') }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await followUiLanguage(accounts.db, principalOf(request).userSid, request.body.language);
      return ok(request, {});
    },
  );

  // Watching: the model-layer style of a record's sub-resources (do/history/:sid).
  const watchParams = z
    .object({
      model: labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model'),
      sid: labelled(z.string().regex(SID_PATTERN), 'field.userSid'),
    })
    .strict();
  const watchAnswer = envelopeSchema({ data: z.object({ watching: z.boolean() }) });
  const watched = async (request: {
    principal: Parameters<typeof principalOf>[0]['principal'];
    params: z.infer<typeof watchParams>;
  }) => {
    const model = await models.resolve(principalOf(request).tenantSid, request.params.model);
    if (!model) throw new AppError('modelNotFound', { params: { model: request.params.model.slice(0, 48) } });
    return { model, sid: request.params.sid };
  };

  app.get(
    '/model/:model/do/watch/:sid',
    {
      config: { access: { model: 'view' } },
      schema: { summary: 'Whether you watch a record', tags, params: watchParams, response: { 200: watchAnswer } },
    },
    async (request) =>
      ok(request, {
        data: await watchState(accounts.db, requestContext(request, accounts.now), await watched(request)),
      }),
  );

  app.post(
    '/model/:model/do/watch/:sid',
    {
      config: { access: { model: 'view' } },
      schema: {
        summary: 'Watch a record: hear of its status changes (and its children’s)',
        tags,
        params: watchParams,
        response: { 200: watchAnswer },
      },
    },
    async (request) =>
      ok(request, {
        data: await watchRecord(accounts.db, requestContext(request, accounts.now), await watched(request)),
      }),
  );

  app.post(
    '/model/:model/do/unwatch/:sid',
    {
      config: { access: { model: 'view' } },
      schema: { summary: 'Stop watching a record', tags, params: watchParams, response: { 200: watchAnswer } },
    },
    async (request) =>
      ok(request, {
        data: await unwatchRecord(accounts.db, requestContext(request, accounts.now), await watched(request)),
      }),
  );
};
