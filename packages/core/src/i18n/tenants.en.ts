// Texts of tenant creation (operator command and API), en; typed against zh-CN.
import type { TenantsMessageKey } from './tenants.zh-CN.js';

export const tenantsEn: Record<TenantsMessageKey, string> = {
  'field.tenantCode': 'Tenant code',
  'field.tenantNameZh': 'Tenant name',
  'field.tenantNameEn': 'Tenant English name',
  'field.companyName': 'Root company name',
  'field.adminAccount': 'Administrator account',
  'field.adminName': 'Administrator name',
  'field.adminEmail': 'Administrator e-mail',

  'validation.tenantCodeInvalid': 'a lower-case letter, then 1–47 lower-case letters, digits, _ or -',
  'validation.tenantCodeTaken': 'the tenant code "{{value}}" is already used',
  'validation.tenantNameRequired': 'must not be empty',
  'validation.tenantNameInvalid': 'at most {{max}} characters, no control characters',
  'validation.tenantNameTaken': 'a tenant named "{{value}}" already exists',
  'validation.adminAccountInvalid': '1–50 letters, digits or @ _ . -',
  'validation.adminAccountTaken': 'the account "{{value}}" is already used',
  'validation.adminNameInvalid': 'at most {{max}} characters, no control characters',
  'validation.adminEmailInvalid': 'not a valid e-mail address',
  'validation.adminEmailTaken': 'the e-mail address "{{value}}" is already used',

  'tenant.adminDisplayName': 'Administrator',
  'tenant.created': 'Tenant {{name}} created (code {{code}}).',
  'tenant.adminSignIn': 'Administrator account: {{account}}  initial password: {{password}}',
  'tenant.passwordOnce': 'The password is shown only now; it must be changed at first sign-in.',
  'tenant.usage':
    'Usage: npm run tenant:create -- --name <Chinese name> [--name-en <English name>] --admin <admin account> [--admin-name <name>] [--admin-email <e-mail>] [--code <code>]',
  'mailTest.subject': 'IPDesk test mail',
  'mailTest.text': 'This is a test mail: the mail server in the system settings can send mail.',
  'tenant.failed': 'Tenant not created:',
};
