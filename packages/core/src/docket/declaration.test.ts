// A docket declaration is checked when declared: defineModel refuses unknown or non-date date fields, a rule
// counting from an undeclared date, `when` and calendar-office fields that are not declared single text or
// option fields, and duplicate rule codes, naming the model, the rule and the field; the registry check
// (unresolvedDockets) refuses a deadline model that is missing or is not this model's store.
import { describe, expect, it } from 'vitest';
import { defineModel, field, unresolvedDockets, type ModelDeclaration } from '../models/define.js';
import { defineDeadlineModel } from './deadline-model.js';
import type { DatedRule, DocketDeclaration } from './types.js';

const rule: DatedRule = {
  code: 'CERT-RENEW',
  label: { zh: '续期', en: 'Renew' },
  trigger: { date: 'expiry' },
  offset: {},
  roll: true,
  citation: { zh: '测试', en: 'Test' },
  source: 'test',
  status: 'verified',
};
const fields = {
  title: field('text', { label: { zh: '名称', en: 'Title' } }),
  expiry_date: field('date', { label: { zh: '届满日', en: 'Expiry date' } }),
  country: field('option', { label: { zh: '国家', en: 'Country' }, dictionary: 'country' }),
  tags: field('option', { label: { zh: '标签', en: 'Tags' }, dictionary: 'country', multiple: true }),
};
const docket: DocketDeclaration = {
  dates: { expiry: 'expiry_date' },
  calendarOffice: { field: 'country' },
  rules: [rule],
  deadlineModel: 'test_cert_deadline',
};
const declare = (d: Partial<DocketDeclaration>) =>
  defineModel({
    name: 'test_cert',
    label: { zh: '证书', en: 'Certificate' },
    titleField: 'title',
    fields,
    docket: { ...docket, ...d },
  });

describe('a docket declaration', () => {
  it('is accepted over declared date fields', () => {
    expect(declare({}).docket?.rules).toHaveLength(1);
    expect(declare({ calendarOffice: { office: 'CN' } }).docket?.calendarOffice).toEqual({ office: 'CN' });
  });

  it.each([
    [{ dates: { expiry: 'expires_on' } }, 'test_cert: docket date expiry: field expires_on is not declared'],
    [{ dates: { expiry: 'title' } }, 'docket date expiry: field title is not a single date field'],
    [{ calendarOffice: { field: 'office' } }, 'docket calendar office field office is not a declared single'],
    [{ calendarOffice: { field: 'tags' } }, 'docket calendar office field tags is not a declared single'],
    [{ calendarOffice: { office: 'china' } }, 'docket calendar office china is not an office code'],
    [{ rules: [{ ...rule, trigger: { date: 'grant' } }] }, 'docket rule CERT-RENEW: trigger date grant is not one'],
    [{ rules: [{ ...rule, when: { kind: ['mark'] } }] }, 'docket rule CERT-RENEW: when field kind is not a declared'],
    [{ rules: [{ ...rule, when: { country: [] } }] }, 'when field country lists no values'],
    [{ rules: [rule, rule] }, 'docket rule CERT-RENEW: declared twice'],
    [{ rules: [{ ...rule, offset: { months: 1.5 } }] }, 'periods are whole years, months and days'],
    [{ rules: [{ ...rule, code: 'renew' }] }, 'docket rule renew: the code is not upper-case'],
    [{ rules: [{ ...rule, opensAfter: { days: 1 }, opensBefore: { days: 1 } }] }, 'not both'],
  ] as Array<[Partial<DocketDeclaration>, string]>)('refuses %j', (change, message) => {
    expect(() => declare(change)).toThrow(message);
  });

  it('must name its own deadline store among the models', () => {
    const cert = declare({});
    const store = defineDeadlineModel({
      name: 'test_cert_deadline',
      label: { zh: '证书期限', en: 'Certificate deadlines' },
      parent: { model: 'test_cert', label: { zh: '证书', en: 'Certificate' } },
      rules: [rule],
    });
    expect(unresolvedDockets([cert, store])).toEqual([]);
    expect(unresolvedDockets([cert])).toEqual([
      'test_cert docket: deadline model test_cert_deadline is not a declared model',
    ]);
    const other: ModelDeclaration = { ...store, deadlineStore: { of: 'test_other' } };
    expect(unresolvedDockets([cert, other])).toEqual([
      'test_cert docket: test_cert_deadline is not a deadline store of test_cert (defineDeadlineModel)',
      'test_cert_deadline: stores deadlines of test_other, which is not a declared model',
    ]);
  });
});
