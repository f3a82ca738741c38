// Accounts for the browser tests, and signing in through the sign-in page as a user would.
import type { Page } from 'playwright-core';
import { createCompany, createUserAccount } from '@ipdesk/server';
import type { TestServer } from './server.js';

export interface TestUser {
  sid: string;
  account: string;
  password: string;
  name: string;
  email: string;
}

let counter = 0;

export async function createUser(
  server: TestServer,
  options: {
    companies?: string[];
    mustChangePassword?: boolean;
    name?: string;
    isTenantAdmin?: boolean;
    /** Codes of the tenant's roles to hold (default: the seeded IP specialist, who works with every case model). */
    roles?: string[];
  } = {},
): Promise<TestUser> {
  counter += 1;
  const account = `user${counter}.${Date.now().toString(36)}`;
  const user = {
    account,
    password: `Start#${counter}pass`,
    name: options.name ?? `张${counter}`,
    email: `${account}@example.com`,
  };
  const { sid } = await createUserAccount(server.db, {
    tenantSid: server.tenantSid,
    ...user,
    ...(options.companies && { companies: options.companies }),
    mustChangePassword: options.mustChangePassword ?? false,
    ...(options.isTenantAdmin && { isTenantAdmin: true }),
  });
  const roles = options.roles ?? (options.isTenantAdmin ? [] : ['ip_specialist']);
  if (roles.length) {
    await server.db.query(
      'INSERT INTO user_role (user_sid, role_sid) SELECT $1, sid FROM role WHERE tenant_sid = $2 AND code = ANY($3::text[])',
      [sid, server.tenantSid, roles],
    );
  }
  return { sid, ...user };
}

export async function createSubCompany(server: TestServer, name: string): Promise<string> {
  return (await createCompany(server.db, { tenantSid: server.tenantSid, name, parentSid: server.tenantSid })).sid;
}

/** Fills the sign-in form (the page must show it) and submits. */
export async function submitSignIn(page: Page, account: string, password: string): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export const SESSION_STORAGE_KEYS = ['authorization', 'refresh_token', 'companys', 'company_id', 'loginTime'] as const;

export async function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort());
}
