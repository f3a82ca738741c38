// Official fees of a case (spec model fee): annuities, maintenance and renewal fees generated from the
// fee rule packs, and fees entered by hand. A fee keeps its amount, reduction, surcharge, status and
// payment record; unpaid rule-generated fees follow the case when its dates change.
import { localizeFeeRow } from '../titles.js';
import { defineModel, field } from '../../../models/define.js';
import { defineLifecycle } from '../../../models/lifecycle.js';

// An unpaid fee is paid (its payment recorded; a rule fee paid late gets its surcharge from the server's
// fee hook) or abandoned (with a reason). Both are history: the rules leave paid and abandoned fees alone.
const feeLifecycle = defineLifecycle({
  field: 'status',
  initial: 'unpaid',
  statuses: {
    unpaid: { color: 'orange' },
    paid: { color: 'green', final: true },
    abandoned: { color: 'default', final: true },
  },
  actions: {
    pay: {
      label: { zh: '登记缴费', en: 'Record payment' },
      from: ['unpaid'],
      to: 'paid',
      sets: ['paid_date', 'paid_amount', 'payment_reference'],
      requires: ['paid_date', 'paid_amount'],
    },
    abandon: {
      label: { zh: '放弃缴纳', en: 'Abandon' },
      from: ['unpaid'],
      to: 'abandoned',
      comment: 'required',
      confirm: {
        zh: '放弃后该费用不再提醒，未按期缴纳可能导致专利权终止。',
        en: 'The fee will no longer be reminded of; not paying it in time may end the patent right.',
      },
    },
  },
});

export const fee = defineModel({
  name: 'fee',
  label: { zh: '费用', en: 'Fees' },
  titleField: 'title',
  // A generated fee's title is its rule's label and year in the reader's language (patents/titles.ts).
  localize: { reads: ['fee_rule', 'fee_code', 'patent_year'], apply: localizeFeeRow },
  // The portfolio's "fees due in the next N days" list reads this index.
  filterIndexes: [['status', 'due_date']],
  // Recomputed in bulk after a rule-pack change (patents/recompute.ts).
  bulkWritten: true,
  lifecycle: feeLifecycle,
  // A case's own record: listed on the case, deleted with it (spec §5 "Deleting a case").
  parent: { model: 'patent', field: 'patent', onParentDelete: 'delete' },
  fields: {
    patent: field('parent', {
      label: { zh: '专利', en: 'Patent' },
      target: 'patent',
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    title: field('text', {
      label: { zh: '费用名称', en: 'Fee' },
      required: true,
      maxLength: 255,
      flags: { keyword: true, tableColumn: true },
    }),
    patent_year: field('number', {
      label: { zh: '年度', en: 'Year' },
      min: 1,
      max: 30,
      scale: 0,
      flags: { tableColumn: true },
    }),
    due_date: field('date', {
      label: { zh: '缴费截止日', en: 'Due date' },
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    grace_end_date: field('date', { label: { zh: '宽限期截止日', en: 'Grace period ends' } }),
    base_amount: field('money', { label: { zh: '标准金额', en: 'Standard amount' }, min: 0, max: 1e9, scale: 2 }),
    reduction_rate: field('number', { label: { zh: '减缴比例', en: 'Reduction' }, min: 0, max: 1, scale: 2 }),
    amount: field('money', {
      label: { zh: '应缴金额', en: 'Amount' },
      min: 0,
      max: 1e9,
      scale: 2,
      flags: { tableColumn: true },
    }),
    surcharge: field('money', { label: { zh: '滞纳金', en: 'Surcharge' }, min: 0, max: 1e9, scale: 2 }),
    currency: field('option', {
      label: { zh: '币种', en: 'Currency' },
      dictionary: 'currency',
      defaultValue: 'CNY',
      flags: { tableColumn: true },
    }),
    // Managed and starting unpaid by its lifecycle (pay, abandon).
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'fee_status',
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    decision: field('option', {
      label: { zh: '维持决定', en: 'Decision' },
      dictionary: 'fee_decision',
      flags: { searchFilter: true },
    }),
    // The payment: set by the pay action only.
    paid_date: field('date', { label: { zh: '缴费日', en: 'Paid on' } }),
    paid_amount: field('money', { label: { zh: '实缴金额', en: 'Amount paid' }, min: 0, max: 1e9, scale: 2 }),
    payment_reference: field('text', { label: { zh: '缴费凭证号', en: 'Payment reference' }, maxLength: 128 }),
    office: field('option', {
      label: { zh: '国家/地区', en: 'Office' },
      dictionary: 'country',
      managed: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    origin: field('option', {
      label: { zh: '来源', en: 'Origin' },
      dictionary: 'record_origin',
      managed: true,
      defaultValue: 'manual',
      flags: { import: false },
    }),
    fee_code: field('text', {
      label: { zh: '费用类型代码', en: 'Fee type code' },
      maxLength: 64,
      managed: true,
      flags: { import: false },
    }),
    // The rule that generated the fee ('CN-ANNUITY-INV'): the key its title is rendered from.
    fee_rule: field('text', {
      label: { zh: '费用规则', en: 'Fee rule' },
      maxLength: 64,
      managed: true,
      flags: { import: false },
    }),
  },
});
