// A docketed model that exists only in the test suite (platform/docket/docket.test.ts): a certificate with an
// expiry date, an office and a kind, three dated rules (a renewal window opening 12 months before expiry,
// renewal by expiry rolled to the next CN working day, a grace period for one kind only) and its deadline
// store made by defineDeadlineModel; a lifecycle whose "lapse" action ends the renewal rule (`when` on status).
import {
  defineDeadlineModel,
  defineLifecycle,
  defineModel,
  domainMessages,
  field,
  grantsOn,
  type CoreDomain,
  type DatedRule,
} from '@ipdesk/core';

const source = 'test fixture (platform/docket/docket.test.ts)';

export const CERTIFICATE_RULES: readonly DatedRule[] = [
  {
    code: 'CERT-RENEW-WINDOW',
    label: { zh: '续期窗口开启', en: 'Renewal window opens' },
    trigger: { date: 'expiry' },
    offset: { months: -12 },
    roll: false,
    citation: { zh: '测试规则第1条', en: 'Test rule 1' },
    source,
    status: 'verified',
  },
  {
    code: 'CERT-RENEW',
    label: { zh: '续期截止', en: 'Renew by expiry' },
    trigger: { date: 'expiry' },
    offset: {},
    opensBefore: { months: 12 },
    roll: true,
    // Only a registered certificate is renewed: its lifecycle's "lapse" ends the rule.
    when: { status: ['registered'] },
    citation: { zh: '测试规则第2条', en: 'Test rule 2' },
    source,
    status: 'verified',
  },
  {
    code: 'CERT-GRACE',
    label: { zh: '宽展期届满', en: 'Grace period ends' },
    trigger: { date: 'expiry' },
    offset: { months: 6 },
    roll: true,
    when: { kind: ['mark'] },
    citation: { zh: '测试规则第3条', en: 'Test rule 3' },
    source,
    status: 'secondary',
  },
];

export const testCertificate = defineModel({
  name: 'test_certificate',
  label: { zh: '测试证书', en: 'Test certificate' },
  titleField: 'title',
  fields: {
    title: field('text', { label: { zh: '名称', en: 'Title' }, required: true }),
    expiry_date: field('date', { label: { zh: '届满日', en: 'Expiry date' } }),
    country: field('option', { label: { zh: '国家', en: 'Country' }, dictionary: 'country' }),
    kind: field('text', { label: { zh: '类型', en: 'Kind' } }),
    remark: field('text', { label: { zh: '备注', en: 'Remark' } }),
    status: field('option', { label: { zh: '状态', en: 'Status' }, dictionary: 'trademark_status' }),
  },
  lifecycle: defineLifecycle<'registered' | 'expired'>({
    field: 'status',
    initial: 'registered',
    statuses: { registered: { color: 'green' }, expired: { color: 'gray', final: true } },
    actions: { lapse: { label: { zh: '失效', en: 'Lapse' }, from: ['registered'], to: 'expired' } },
  }),
  docket: {
    dates: { expiry: 'expiry_date' },
    calendarOffice: { field: 'country' },
    rules: CERTIFICATE_RULES,
    deadlineModel: 'test_certificate_deadline',
  },
});

export const testCertificateDeadline = defineDeadlineModel({
  name: 'test_certificate_deadline',
  label: { zh: '测试证书期限', en: 'Test certificate deadlines' },
  parent: { model: 'test_certificate', label: { zh: '证书', en: 'Certificate' } },
  rules: CERTIFICATE_RULES,
});

const messages = domainMessages({}, {});

export const certificatesDomain = {
  name: 'test_certificates',
  models: [testCertificate, testCertificateDeadline],
  dictionaries: [],
  menus: [],
  resources: [],
  grants: { ip_specialist: grantsOn(['test_certificate', 'test_certificate_deadline'], ['view']) },
  errors: { ranges: [], codes: {} },
  messages,
} satisfies CoreDomain;
