// {account}: the account service's views of the signed-in user (spec §7 "GET {account}/user-service/
// account-info/extra-data and /basic-data").
import { AppError } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { companiesOf, findUser, presentBasicUser } from '../../modules/accounts/users.js';
import { principalOf } from '../context.js';
import { envelopeSchema, ok } from '../reply.js';

export const accountServiceRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  const tags = ['account'];
  app.get(
    '/user-service/account-info/basic-data',
    {
      config: { access: 'password-change' },
      schema: {
        summary: 'Name, avatar and sign-in side of the signed-in user',
        tags,
        response: {
          200: envelopeSchema({
            data: z.object({
              sid: z.string(),
              name: z.string(),
              english_name: z.string().nullable(),
              avatar_sid: z.string().nullable(),
              user_type_client: z.number(),
              tenant_sid: z.string(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await findUser(accounts.db, principal.tenantSid, principal.userSid);
      if (!user) throw new AppError('tokenIllegal');
      return ok(request, {
        data: { ...presentBasicUser(user), user_type_client: user.user_type_client, tenant_sid: user.tenant_sid },
      });
    },
  );
  app.get(
    '/user-service/account-info/extra-data',
    {
      config: { access: 'password-change' },
      schema: {
        summary: 'Companies and back-office binding of the signed-in user',
        tags,
        response: {
          200: envelopeSchema({
            data: z.object({
              companys: z.array(
                z.object({
                  sid: z.string(),
                  path: z.string(),
                  company_name: z.string(),
                  english_name: z.string().nullable(),
                  simple_name: z.string().nullable(),
                  last_login_flag: z.boolean(),
                }),
              ),
              is_bind_back_office: z.boolean(),
              password_change_required: z.boolean(),
            }),
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
          companys: await companiesOf(accounts.db, user.sid),
          is_bind_back_office: user.is_bind_back_office,
          password_change_required: principal.passwordChangeRequired,
        },
      });
    },
  );
};
