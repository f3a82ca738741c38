// {webapi} the people actions of docs/api/organisation-rbac.md "People": login accounts of persons and
// agents, resignation with hand-over, a user's roles, the resignation notice settings, and the caller's
// open to-dos. Records themselves go through the generic model API, an agency's close and reopen too (its
// lifecycle actions).
import { AppError, EMAIL_MAX_LENGTH, isCalendarDate, isEmail } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closeAccount, openAccount, type AccountHolder } from '../accounts.js';
import type { PeopleContext } from '../records.js';
import { resign } from '../resign.js';
import { MAX_EXTRA_RECIPIENTS, resignationNotice, updateResignationNotice } from '../resignation-notice.js';
import { myTodos } from '../todos.js';
import { replaceUserRoles } from '../user-roles.js';
import { principalOf } from '../../../http/context.js';
import { labelled, settingReadAt } from '../../../http/labels.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { accountNameField, sidParam, versionField } from '../../../http/routes/schemas.js';
import { requestContext, type ContextSource } from '../../../platform/context.js';

const MAX_ROLES = 100;

const roleSids = labelled(z.array(sidParam('field.roleSids')).max(MAX_ROLES), 'field.roleSids');
const resignedOn = labelled(
  z.string().max(10).refine(isCalendarDate, { error: 'validation.dateFormat' }),
  'field.resignedOn',
);
const recipient = labelled(
  z.string().trim().max(EMAIL_MAX_LENGTH).refine(isEmail, { error: 'validation.emailFormat' }),
  'field.extraRecipients',
);
const anyRecord = z.record(z.string(), z.unknown());
const noticeSchema = z.object({
  notify_handover: z.boolean(),
  notify_admins: z.boolean(),
  extra_recipients: z.array(z.string()),
  /** When last saved (null: never); send it back with a save. */
  updated_at: z.date().nullable(),
});
const todoSchema = z.object({
  sid: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  source: z.string(),
  status: z.string(),
  handed_over_from: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});

export const peopleRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app, { accounts, models, timeZone }) => {
  const ctx: PeopleContext = { accounts, models };
  const actor = (request: ContextSource) => requestContext(request, accounts.now);

  const holders: Array<{ holder: AccountHolder; resource: string; label: 'field.personSid' | 'field.agentSid' }> = [
    { holder: 'person', resource: 'person:account', label: 'field.personSid' },
    { holder: 'agent', resource: 'agent:account', label: 'field.agentSid' },
  ];
  for (const { holder, resource, label } of holders) {
    const tags = [holder];
    app.post(
      `/model/${holder}/do/open_account`,
      {
        config: { access: { resource } },
        schema: {
          summary:
            holder === 'person'
              ? "Open a person's login account (enterprise roles); the initial password is shown once"
              : "Open an agent's login account (agency roles); the agency must be valid",
          tags,
          body: z.object({ sid: sidParam(label), account: accountNameField, role_sids: roleSids }).strict(),
          response: {
            200: envelopeSchema({
              data: z.object({ user_sid: z.string(), account: z.string(), initial_password: z.string() }),
            }),
          },
        },
      },
      async (request) => {
        // Giving roles is role management: only holders of system.roles (system administrators) may,
        // or anyone could open an account for themselves with a stronger role.
        if (request.body.role_sids.length && !principalOf(request).access.resources.has('system.roles'))
          throw new AppError('permissionDenied');
        return ok(request, { data: await openAccount(ctx, actor(request), { holder, ...request.body }) });
      },
    );

    app.post(
      `/model/${holder}/do/close_account`,
      {
        config: { access: { resource } },
        schema: {
          summary: 'Close the login account: it is disabled and its sessions end at once',
          tags,
          body: z.object({ sid: sidParam(label) }).strict(),
          response: { 200: envelopeSchema({}) },
        },
      },
      async (request) => {
        await closeAccount(ctx, actor(request), { holder, sid: request.body.sid });
        return ok(request, {});
      },
    );
  }

  app.post(
    '/model/person/do/resign',
    {
      config: { access: { resource: 'person:account' } },
      schema: {
        summary: 'A person resigns: account closed, open to-dos handed over, the handover person notified',
        tags: ['person'],
        body: z
          .object({
            sid: sidParam('field.personSid'),
            version: versionField,
            handover_person_sid: sidParam('field.handoverPerson'),
            resigned_on: resignedOn.optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await resign({ ...ctx, timeZone, log: request.log }, actor(request), request.body),
      }),
  );

  app.post(
    '/model/user_info/do/roles',
    {
      // Role management (system administrators), not account management: see open_account.
      config: { access: { resource: 'system.roles' } },
      schema: {
        summary: "Replace a user's roles (roles of the user's platform)",
        tags: ['user_info'],
        body: z.object({ user_sid: sidParam('field.userSid'), role_sids: roleSids }).strict(),
        response: { 200: envelopeSchema({ data: z.object({ role_sids: z.array(z.string()) }) }) },
      },
    },
    async (request) => ok(request, { data: await replaceUserRoles(ctx, actor(request), request.body) }),
  );

  app.get(
    '/setting/resignation_notice',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary: 'Who is notified when someone resigns',
        tags: ['setting'],
        response: { 200: envelopeSchema({ data: noticeSchema }) },
      },
    },
    async (request) => ok(request, { data: await resignationNotice(accounts.db, principalOf(request).tenantSid) }),
  );

  app.post(
    '/setting/resignation_notice/do/update',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary:
          'Change who is notified when someone resigns; send the `updated_at` you read (a save made since answers 409000)',
        tags: ['setting'],
        body: z
          .object({
            updated_at: settingReadAt,
            notify_handover: labelled(z.boolean(), 'field.notifyHandover'),
            notify_admins: labelled(z.boolean(), 'field.notifyAdmins'),
            extra_recipients: labelled(z.array(recipient).max(MAX_EXTRA_RECIPIENTS), 'field.extraRecipients'),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: noticeSchema }) },
      },
    },
    async (request) => ok(request, { data: await updateResignationNotice(ctx, actor(request), request.body) }),
  );

  app.get(
    '/todo/do/my',
    {
      config: { access: 'open' },
      schema: {
        summary: "The caller's open to-dos, newest first (at most 200)",
        tags: ['todo'],
        response: { 200: envelopeSchema({ data: z.array(todoSchema) }) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      return ok(request, { data: await myTodos(accounts.db, p.tenantSid, p.userSid) });
    },
  );
};
