// Who a durable job acts as: the user who queued it, with their rights as they are when it runs (a right
// revoked while the job waited stops it), and the model as that user sees it. Imports and batch edits.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { loadAccess } from '../../modules/rbac/access.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import type { Principal } from '../context.js';
import type { ModelRegistry, ResolvedModel } from '../models/registry.js';

/** The columns of a job row that say who queued it, where, and for which model. */
export interface JobSubject {
  tenant_sid: string;
  user_sid: string;
  company_sid: string | null;
  side: 1 | 2;
  model: string;
}

export async function jobPrincipal(
  deps: { db: Queryable; registry: ModelRegistry; models: TenantModels },
  job: JobSubject,
  /** The resource the user must still hold (the model's import or update button). */
  resource: string,
): Promise<{ principal: Principal; model: ResolvedModel }> {
  const [user] = await deps.db.query<{ is_tenant_admin: boolean; status: number }>(
    'SELECT is_tenant_admin, status FROM user_account WHERE sid = $1',
    [job.user_sid],
  );
  if (!user || user.status !== 1) throw new AppError('permissionDenied');
  const subject = {
    userSid: job.user_sid,
    tenantSid: job.tenant_sid,
    side: job.side,
    isTenantAdmin: user.is_tenant_admin,
  };
  const access = await loadAccess(deps.db, deps.registry.resources, subject);
  if (!access.resources.has(resource)) throw new AppError('permissionDenied');
  const declared = await deps.models.resolve(job.tenant_sid, job.model);
  if (!declared) throw new AppError('modelNotFound', { params: { model: job.model } });
  return {
    principal: {
      ...subject,
      sessionSid: '',
      companySid: job.company_sid ?? undefined,
      passwordChangeRequired: false,
      access,
    },
    model: viewFor(declared, access),
  };
}
