// Agencies and their agents (spec §3 "Agency", §4): an invalid agency cannot have logins opened, and
// closing one needs its agents' accounts closed first. An agency's status moves only by its lifecycle's
// close and reopen; the open-accounts rule reads the database, so it is the server's beforeAction hook
// (domains/people/agency-hooks.ts), not a guard here.
import { defineModel, field } from '../define.js';
import { defineLifecycle } from '../lifecycle.js';

const agencyLifecycle = defineLifecycle({
  field: 'status',
  initial: 'valid',
  statuses: { valid: { color: 'green' }, invalid: { color: 'gray' } },
  actions: {
    close: {
      label: { zh: '停用机构', en: 'Close agency' },
      from: ['valid'],
      to: 'invalid',
      confirm: {
        zh: '停用后不能再为其代理人开通登录账号。停用前需先关闭其代理人的登录账号。',
        en: "No login accounts can be opened for its agents afterwards. Its agents' login accounts must be closed first.",
      },
    },
    reopen: {
      label: { zh: '重新启用', en: 'Reopen' },
      from: ['invalid'],
      to: 'valid',
      confirm: {
        zh: '启用后可以为其代理人开通登录账号。',
        en: 'Login accounts can then be opened for its agents again.',
      },
    },
  },
});

export const agency = defineModel({
  name: 'agency',
  label: { zh: '代理机构', en: 'Agency' },
  titleField: 'name',
  validity: { field: 'status', invalid: ['invalid'] },
  lifecycle: agencyLifecycle,
  fields: {
    name: field('text', {
      label: { zh: '机构名称', en: 'Agency name' },
      required: true,
      maxLength: 50,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    short_name: field('text', { label: { zh: '简称', en: 'Short name' }, maxLength: 20, flags: { tableColumn: true } }),
    code: field('text', {
      label: { zh: '机构代码', en: 'Agency code' },
      maxLength: 64,
      unique: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    business_lines: field('option', {
      label: { zh: '业务范围', en: 'Business lines' },
      dictionary: 'agency_business_line',
      multiple: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    contact: field('text', { label: { zh: '联系人', en: 'Contact' } }),
    phone: field('text', { label: { zh: '联系电话', en: 'Phone' }, maxLength: 32 }),
    email: field('text', { label: { zh: '邮箱', en: 'E-mail' }, maxLength: 254, format: 'email' }),
    address: field('text', { label: { zh: '地址', en: 'Address' } }),
    // Managed and starting valid by its lifecycle.
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'validity_status',
      flags: { searchFilter: true, tableColumn: true, import: false },
    }),
    remark: field('longText', { label: { zh: '备注', en: 'Remark' } }),
  },
});

export const agent = defineModel({
  name: 'agent',
  label: { zh: '代理人', en: 'Agent' },
  titleField: 'name',
  validity: { field: 'status', invalid: ['invalid'] },
  fields: {
    name: field('text', {
      label: { zh: '姓名', en: 'Name' },
      required: true,
      maxLength: 50,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    agency: field('agency', {
      label: { zh: '所属机构', en: 'Agency' },
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    level: field('option', {
      label: { zh: '代理人等级', en: 'Agent level' },
      dictionary: 'agent_level',
      flags: { searchFilter: true, tableColumn: true },
    }),
    skilled_fields: field('option', {
      label: { zh: '擅长领域', en: 'Skilled fields' },
      dictionary: 'skilled_field',
      multiple: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    practice_number: field('text', { label: { zh: '执业证号', en: 'Practice number' }, maxLength: 64 }),
    email: field('text', {
      label: { zh: '邮箱', en: 'E-mail' },
      maxLength: 254,
      format: 'email',
      flags: { tableColumn: true },
    }),
    mobile: field('text', {
      label: { zh: '手机号', en: 'Mobile' },
      maxLength: 11,
      format: 'mobile',
      sensitive: 'mobile',
    }),
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'validity_status',
      managed: true,
      defaultValue: 'valid',
      flags: { searchFilter: true, tableColumn: true, import: false },
    }),
    account_user: field('user', {
      label: { zh: '登录账号', en: 'Login account' },
      userDisplay: 'account',
      managed: true,
      flags: { tableColumn: true, import: false },
    }),
  },
});
