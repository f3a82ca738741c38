// Publishing a model's custom field drafts (users see them after signing in again), with its audit entry.
import { AppError } from '@ipdesk/core';
import type { RequestContext } from '../../platform/context.js';
import { audit, type AccountsContext } from '../accounts/context.js';
import { publishCustomFields, type TenantModels } from './service.js';

/** The model's schema version after publishing; modelNotFound (404) for a model the tenant lacks. */
export async function publishModelFields(
  deps: { accounts: Pick<AccountsContext, 'db'>; models: TenantModels },
  ctx: RequestContext,
  input: { model: string },
): Promise<{ version: number }> {
  const { accounts, models } = deps;
  if (!(await models.resolve(ctx.tenantSid, input.model)))
    throw new AppError('modelNotFound', { params: { model: input.model } });
  const version = await publishCustomFields({ db: accounts.db, models }, ctx, input);
  await accounts.db.transaction((tx) =>
    audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'custom_field.published',
      target: input.model,
      detail: { version },
      requestId: ctx.requestId,
      at: ctx.now,
    }),
  );
  return { version };
}
