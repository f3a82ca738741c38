// "Send a test mail" of the mail server settings page: one message through the tenant's saved server (or
// the app's default), so an administrator sees at once whether the settings work. The mailer's errors
// say why not: none configured (503101) or the server refused or could not be reached (502101).
import { translate } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit, type AccountsContext } from '../../modules/accounts/context.js';
import { principalOf } from '../context.js';
import { envelopeSchema, ok } from '../reply.js';
import { emailField } from './schemas.js';

export const tenantMailTestRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  app.post(
    '/setting/tenant/mail/do/test',
    {
      config: { access: { resource: 'system.settings' } },
      schema: {
        summary: "Send a test mail through your tenant's saved outgoing mail server",
        tags: ['setting'],
        body: z.object({ to: emailField }).strict(),
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const language = request.language;
      await accounts.mail.send(principal.tenantSid, {
        to: request.body.to,
        subject: translate(language, 'mailTest.subject'),
        text: translate(language, 'mailTest.text'),
      });
      await audit(accounts.db, {
        tenantSid: principal.tenantSid,
        actorSid: principal.userSid,
        action: 'tenant.mail_test_sent',
        detail: { to: request.body.to },
        requestId: request.id,
        at: accounts.now(),
      });
      return ok(request, {});
    },
  );
};
