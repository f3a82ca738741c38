// "Send a test mail" of the mail server settings page: one message through the tenant's saved server (or
// the app's default), so an administrator sees at once whether the settings work. The mailer's errors
// say why not: none configured (503101) or the server refused or could not be reached (502101).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { sendTestMail } from '../../modules/mail/send-test-mail.js';
import { requestContext } from '../../platform/context.js';
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
      await sendTestMail(accounts, requestContext(request, accounts.now), request.body);
      return ok(request, {});
    },
  );
};
