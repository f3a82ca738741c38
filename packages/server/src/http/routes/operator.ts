// The platform operator's API, outside every tenant: creating a tenant with its first administrator.
// Guarded by OPERATOR_TOKEN (a bearer token, compared in constant time); without it the API does not
// exist (404), so a deployment that does not want it has nothing to attack.
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createTenant } from '../../modules/tenants/create-tenant.js';
import { labelled } from '../labels.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../reply.js';

export interface OperatorRouteOptions {
  /** The database createTenant works in (its own transaction). */
  db: Parameters<typeof createTenant>[0];
  operatorToken: string | undefined;
  now: () => Date;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Equal digests of equal length: the comparison's time says nothing about the token. */
export function operatorTokenMatches(expected: string, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(expected));
}

// Lengths only: the command checks patterns and duplicates, with the same messages for the CLI.
const createBody = z
  .object({
    code: labelled(z.string().max(48), 'field.tenantCode').optional(),
    name_zh: labelled(z.string().max(255), 'field.tenantNameZh'),
    name_en: labelled(z.string().max(255), 'field.tenantNameEn').optional(),
    company_name: labelled(z.string().trim().min(1).max(255), 'field.companyName').optional(),
    admin_account: labelled(z.string().max(50), 'field.adminAccount'),
    admin_name: labelled(z.string().max(255), 'field.adminName').optional(),
    admin_email: labelled(z.string().max(254), 'field.adminEmail').optional(),
  })
  .strict();

export const operatorRoutes: FastifyPluginAsyncZod<OperatorRouteOptions> = async (app, options) => {
  const guard = async (request: FastifyRequest) => {
    if (!options.operatorToken) throw new AppError('notFound');
    if (!operatorTokenMatches(options.operatorToken, request.headers.authorization)) throw new AppError('unauthorized');
  };

  app.post(
    '/operator/tenant/do/create',
    {
      // Not a tenant user's route: the operator token, checked before validation, is its access.
      config: { access: 'public' },
      onRequest: guard,
      schema: {
        summary:
          'Create a tenant with its default roles and first administrator (OPERATOR_TOKEN as bearer token); the initial password is answered once',
        tags: ['operator'],
        body: createBody,
        response: {
          200: envelopeSchema({
            data: z.object({
              sid: z.string(),
              code: z.string(),
              name_zh: z.string(),
              name_en: z.string(),
              admin: z.object({ sid: z.string(), account: z.string(), initial_password: z.string() }),
            }),
          }),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const b = request.body;
      const created = await createTenant(
        options.db,
        {
          code: b.code,
          nameZh: b.name_zh,
          nameEn: b.name_en,
          companyName: b.company_name,
          admin: { account: b.admin_account, name: b.admin_name, email: b.admin_email },
        },
        { at: options.now(), requestId: request.id },
      );
      return ok(request, {
        data: {
          sid: created.sid,
          code: created.code,
          name_zh: created.nameZh,
          name_en: created.nameEn,
          admin: { sid: created.admin.sid, account: created.admin.account, initial_password: created.admin.password },
        },
      });
    },
  );
};
