// A RequestContext for calling commands directly in tests: a tenant administrator of a test tenant (every
// resource, every record), in the app's clock, under a made-up request id.
import { newSid, type Language } from '@ipdesk/core';
import { administratorAccess } from '../src/modules/rbac/access.js';
import { contextOf, type RequestContext } from '../src/platform/context.js';
import type { TestTenant } from './accounts.js';
import type { TestApp } from './app.js';

export function adminContext(
  t: TestApp,
  tenant: TestTenant,
  options: { userSid?: string; language?: Language; companySid?: string } = {},
): RequestContext {
  return contextOf(
    {
      userSid: options.userSid ?? tenant.admin.sid,
      tenantSid: tenant.sid,
      sessionSid: newSid(),
      side: 1,
      isTenantAdmin: true,
      companySid: options.companySid,
      passwordChangeRequired: false,
      access: administratorAccess(t.app.registry.resources),
    },
    { language: options.language ?? 'zh-CN', requestId: `req-${newSid()}`, now: t.app.accounts.now() },
  );
}
