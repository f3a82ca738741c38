// publishModelFields called directly: a model's drafts published with the next schema version and one audit
// entry under the request; a model the tenant lacks is modelNotFound (404) and audits nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, createTenant, type AccountsTestApp, type TestTenant } from '../../../test/accounts.js';
import { adminContext } from '../../../test/context.js';
import { onPostgres } from '../../../test/database.js';
import { publishModelFields } from './publish-custom-fields.js';
import { createCustomField, tenantModels, type TenantModels } from './service.js';

describe(`publishModelFields (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let models: TenantModels;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    models = tenantModels(t.database.db, t.app.registry, t.app.accounts.now);
  });
  afterAll(() => t.close());

  const audits = (requestId: string) =>
    t.database.db.query<{ action: string; target: string; detail: object }>(
      'SELECT action, target, detail FROM audit_log WHERE request_id = $1',
      [requestId],
    );

  it('publishes the drafts and audits the version', async () => {
    const ctx = adminContext(t, tenant);
    const definition = { name_zh: '优先级', name_en: 'Priority', kind: 'text', max_length: 20 };
    await createCustomField({ db: t.database.db, models }, ctx, { model: 'patent', code: 'priority', definition });
    expect(await publishModelFields({ accounts: t.app.accounts, models }, ctx, { model: 'patent' })).toEqual({
      version: 1,
    });
    const rows = await t.database.db.query<{ published: object | null; draft: object | null }>(
      "SELECT published, draft FROM custom_field WHERE tenant_sid = $1 AND code = 'priority'",
      [tenant.sid],
    );
    expect(rows).toEqual([{ published: expect.objectContaining({ name_en: 'Priority' }), draft: null }]);
    expect(await audits(ctx.requestId)).toEqual([
      { action: 'custom_field.published', target: 'patent', detail: { version: 1 } },
    ]);
  });

  it('refuses a model the tenant does not have', async () => {
    const ctx = adminContext(t, tenant);
    await expect(
      publishModelFields({ accounts: t.app.accounts, models }, ctx, { model: 'no_such_model' }),
    ).rejects.toMatchObject({ name: 'AppError', definition: { code: 404201 } });
    expect(await audits(ctx.requestId)).toEqual([]);
  });
});
