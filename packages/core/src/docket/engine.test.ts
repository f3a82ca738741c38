// The dated-rule engine on a test-only certificate model: negative offsets (a window that opens before
// expiry), month ends, the roll-forward over CN holidays with the skipped days explained in both languages,
// `when` rules, a record without an office, and the window's opening day.
import { describe, expect, it } from 'vitest';
import { calendarFor } from '../domains/patents/calendar/offices.js';
import { explainDeadline, toBasis } from '../domains/patents/deadlines/explain.js';
import { defineModel, field } from '../models/define.js';
import { defineDeadlineModel } from './deadline-model.js';
import { computeDocket, docketFields, docketPrint } from './engine.js';
import type { DatedRule } from './types.js';

const source = 'test fixture';
const RULES: readonly DatedRule[] = [
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

const certificate = defineModel({
  name: 'test_certificate',
  label: { zh: '测试证书', en: 'Test certificate' },
  titleField: 'title',
  fields: {
    title: field('text', { label: { zh: '名称', en: 'Title' }, required: true }),
    expiry_date: field('date', { label: { zh: '届满日', en: 'Expiry date' } }),
    country: field('option', { label: { zh: '国家', en: 'Country' }, dictionary: 'country' }),
    kind: field('text', { label: { zh: '类型', en: 'Kind' } }),
  },
  docket: {
    dates: { expiry: 'expiry_date' },
    calendarOffice: { field: 'country' },
    rules: RULES,
    deadlineModel: 'test_certificate_deadline',
  },
});

const docketed = { ...certificate, docket: certificate.docket! };
const compute = (values: Record<string, unknown>) => computeDocket(docketed, values, calendarFor);
const byCode = (values: Record<string, unknown>) => new Map(compute(values).map((d) => [d.ruleCode, d]));

describe('computeDocket', () => {
  it('counts a negative offset back from the date, not rolled, and names the declared date in both languages', () => {
    const d = byCode({ expiry_date: '2026-10-01', country: 'CN', kind: 'patent' }).get('CERT-RENEW-WINDOW')!;
    expect(d).toMatchObject({
      baseKind: 'date:expiry',
      baseDate: '2026-10-01',
      unadjustedDate: '2025-10-01',
      dueDate: '2025-10-01',
      rolled: false,
      packVersion: docketPrint(certificate.docket!),
    });
    expect(explainDeadline(toBasis(d), 'en')).toBe(
      'Expiry date 2026-10-01 + −12 months = 2025-10-01 (Wednesday, not moved to a working day); rule CERT-RENEW-WINDOW (Test rule 1)',
    );
    expect(explainDeadline(toBasis(d), 'zh-CN')).toBe(
      '届满日 2026-10-01 + −12个月 = 2025-10-01（星期三，不顺延）；规则 CERT-RENEW-WINDOW（测试规则第1条）',
    );
  });

  it('rolls a due date on a CN holiday to the next working day, listing the closed days passed over', () => {
    const d = byCode({ expiry_date: '2026-10-01', country: 'CN' }).get('CERT-RENEW')!;
    expect(d.dueDate).toBe('2026-10-08');
    expect(d.skipped.map((s) => s.date)).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
    ]);
    expect(d.calendarOffice).toBe('CN');
    expect(d.opensOn).toBe('2025-10-01');
    expect(explainDeadline(toBasis(d), 'en')).toBe(
      'Expiry date 2026-10-01 + 0 days = 2026-10-01 (Thursday, National Day) → 2026-10-08 (Thursday, first working day); rule CERT-RENEW (Test rule 2)',
    );
    expect(explainDeadline(toBasis(d), 'zh-CN')).toBe(
      '届满日 2026-10-01 + 0日 = 2026-10-01（星期四，国庆节）→ 2026-10-08（星期四，顺延至首个工作日）；规则 CERT-RENEW（测试规则第2条）',
    );
  });

  it('keeps month ends: 29 February less a year, 31 March plus six months', () => {
    expect(byCode({ expiry_date: '2024-02-29', country: 'US' }).get('CERT-RENEW-WINDOW')?.dueDate).toBe('2023-02-28');
    const grace = byCode({ expiry_date: '2025-03-31', country: 'US', kind: 'mark' }).get('CERT-GRACE')!;
    expect(grace.unadjustedDate).toBe('2025-09-30');
    expect(grace.dueDate).toBe('2025-09-30');
  });

  it('applies a `when` rule only while the field holds one of its values', () => {
    expect(byCode({ expiry_date: '2026-03-02', country: 'CN', kind: 'mark' }).has('CERT-GRACE')).toBe(true);
    expect(byCode({ expiry_date: '2026-03-02', country: 'CN', kind: 'patent' }).has('CERT-GRACE')).toBe(false);
    expect(byCode({ expiry_date: '2026-03-02', country: 'CN', kind: null }).has('CERT-GRACE')).toBe(false);
  });

  it('gives nothing without the trigger date, and rolls over weekends only (saying so) without an office', () => {
    expect(compute({ expiry_date: null, country: 'CN', kind: 'mark' })).toEqual([]);
    const d = byCode({ expiry_date: '2026-10-03' }).get('CERT-RENEW')!;
    expect(d.dueDate).toBe('2026-10-05');
    expect(d.calendarCovered).toBe(false);
    expect(explainDeadline(toBasis(d), 'en')).toContain('only weekends were considered');
  });

  it('sorts by due date and names the fields whose change can move a deadline', () => {
    const codes = compute({ expiry_date: '2026-03-02', country: 'CN', kind: 'mark' }).map((d) => d.ruleCode);
    expect(codes).toEqual(['CERT-RENEW-WINDOW', 'CERT-RENEW', 'CERT-GRACE']);
    expect(docketFields(certificate.docket!).sort()).toEqual(['country', 'expiry_date', 'kind']);
  });

  it('changes its print when a rule changes', () => {
    const changed = { ...certificate.docket!, rules: [{ ...RULES[0]!, offset: { months: -6 } }, ...RULES.slice(1)] };
    expect(docketPrint(changed)).not.toBe(docketPrint(certificate.docket!));
  });
});

describe('defineDeadlineModel', () => {
  const store = defineDeadlineModel({
    name: 'test_certificate_deadline',
    label: { zh: '证书期限', en: 'Certificate deadlines' },
    parent: { model: 'test_certificate', label: { zh: '证书', en: 'Certificate' } },
    rules: RULES,
  });

  it('is a child of the docketed model, deleted with it, storing its deadlines with the shared lifecycle', () => {
    expect(store.parent).toEqual({ model: 'test_certificate', field: 'test_certificate', onParentDelete: 'delete' });
    expect(store.deadlineStore).toEqual({ of: 'test_certificate' });
    expect(Object.keys(store.lifecycle?.actions ?? {})).toEqual(['complete', 'reopen', 'verify']);
    expect(store.fields.status.managed).toBe(true);
    expect(store.fields.test_certificate.target).toBe('test_certificate');
  });

  it("titles a rule deadline with its rule's label in the reader's language", () => {
    expect(store.localize?.apply({ rule_code: 'CERT-RENEW', title: 'x' }, 'en')).toEqual({ title: 'Renew by expiry' });
    expect(store.localize?.apply({ rule_code: 'CERT-RENEW' }, 'zh-CN')).toEqual({ title: '续期截止' });
    expect(store.localize?.apply({ rule_code: null, title: 'by hand' }, 'en')).toEqual({});
  });
});
