// What the document services share: the database and clock, the tenant's models (to read a case through
// the generic pipeline, so data scope, tenant and sub-company apply), and the file storage. Every action
// on a document first reads its case this way; a case out of reach answers 404 and says nothing more.
import { AppError } from '@ipdesk/core';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { fileStore, type FileStore } from '../../platform/files/file-store.js';
import type { FileStorage } from '../../platform/files/storage.js';
import { readRecord, type RecordRow } from '../../platform/models/records.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import type { RequestContext } from '../../platform/context.js';

export interface DocumentsDeps {
  accounts: AccountsContext;
  models: TenantModels;
  storage: FileStorage;
  files: FileStore;
}

export function documentsDeps(accounts: AccountsContext, models: TenantModels, storage: FileStorage): DocumentsDeps {
  return { accounts, models, storage, files: fileStore(storage) };
}

/** The case as the caller may see it; recordNotFound (404) when it is not theirs to see. */
export async function readCase(
  deps: DocumentsDeps,
  { principal }: Pick<RequestContext, 'principal'>,
  patentSid: string,
): Promise<RecordRow> {
  const model = await deps.models.resolve(principal.tenantSid, 'patent');
  if (!model) throw new AppError('modelNotFound', { params: { model: 'patent' } });
  return readRecord(deps, { principal }, { model: viewFor(model, principal.access), sid: patentSid });
}

/** File sizes as messages state them ("50 MB"). */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
