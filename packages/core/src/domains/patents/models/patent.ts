// Patent cases (spec §3 Patent): bibliographic data, route and priority, parties, classification and the
// application-form extras. Inventors, relations, items, deadlines, fees and documents hang off a case in
// their own models and tables (domains/patents on the server).
import { applicationNumberIssues, normalizeApplicationNumber } from '../application-number.js';
import { defineModel, field } from '../../../models/define.js';

export const patent = defineModel({
  name: 'patent',
  label: { zh: '专利', en: 'Patent' },
  titleField: 'title',
  // Where a deadline, fee or office action points at the case: its case number, then its title.
  referenceTitle: ['sn', 'title'],
  /** The case's IP manager hears of its deadlines and status changes (docs/notifications.md). */
  responsible: ['ip_manager'],
  // The application number is stored in its office's written form (201310033299.6, not 2013100332996) …
  normalize: normalizeApplicationNumber,
  // … and must fit the case's office (format, and CN/EP check digits).
  validate: applicationNumberIssues,
  // The combinations of the patent list's quick filters (measured: docs/benchmarks.md).
  filterIndexes: [
    ['country', 'status'],
    ['patent_type', 'country'],
  ],
  fields: {
    title: field('text', {
      label: { zh: '专利名称', en: 'Title' },
      required: true,
      maxLength: 500,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    sn: field('text', {
      label: { zh: '案号', en: 'Case number' },
      required: true,
      maxLength: 64,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    application_number: field('text', {
      label: { zh: '申请号', en: 'Application number' },
      maxLength: 64,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    patent_type: field('option', {
      label: { zh: '专利类型', en: 'Patent type' },
      required: true,
      dictionary: 'patent_type',
      flags: { searchFilter: true, tableColumn: true },
    }),
    country: field('option', {
      label: { zh: '国家/地区', en: 'Country/region' },
      required: true,
      dictionary: 'country',
      flags: { searchFilter: true, tableColumn: true },
    }),
    status: field('option', {
      label: { zh: '案件状态', en: 'Status' },
      dictionary: 'patent_status',
      flags: { searchFilter: true, tableColumn: true },
    }),
    filing_date: field('date', {
      label: { zh: '申请日', en: 'Filing date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    publication_date: field('date', { label: { zh: '公开日', en: 'Publication date' }, flags: { searchFilter: true } }),
    grant_date: field('date', { label: { zh: '授权日', en: 'Grant date' }, flags: { searchFilter: true } }),
    publication_number: field('text', {
      label: { zh: '公开号', en: 'Publication number' },
      maxLength: 64,
      flags: { keyword: true },
    }),
    grant_number: field('text', {
      label: { zh: '授权公告号', en: 'Grant number' },
      maxLength: 64,
      flags: { keyword: true },
    }),
    filing_route: field('option', {
      label: { zh: '申请途径', en: 'Filing route' },
      dictionary: 'filing_route',
      defaultValue: 'direct',
      flags: { searchFilter: true },
    }),
    priority_date: field('date', {
      label: { zh: '最早优先权日', en: 'Earliest priority date' },
      flags: { searchFilter: true },
    }),
    priority_country: field('option', {
      label: { zh: '优先权国家/地区', en: 'Priority country' },
      dictionary: 'country',
    }),
    priority_number: field('text', { label: { zh: '优先权申请号', en: 'Priority application number' }, maxLength: 64 }),
    international_application_number: field('text', {
      label: { zh: 'PCT 国际申请号', en: 'PCT application number' },
      maxLength: 64,
    }),
    international_filing_date: field('date', { label: { zh: 'PCT 国际申请日', en: 'PCT filing date' } }),
    family_id: field('text', {
      label: { zh: '同族编号', en: 'Family ID' },
      maxLength: 64,
      flags: { searchFilter: true },
    }),
    legal_status: field('option', {
      label: { zh: '法律状态', en: 'Legal status' },
      dictionary: 'legal_status',
      flags: { searchFilter: true },
    }),
    ended_date: field('date', {
      label: { zh: '放弃/驳回/失效日', en: 'Abandoned / rejected / lapsed on' },
      help: {
        zh: '案件终止的日期：此后不再产生期限和年费',
        en: 'The day the case ended: no deadlines or fees fall due after it',
      },
    }),
    expiry_date: field('date', {
      label: { zh: '届满日', en: 'Expiry date' },
      managed: true,
      flags: { searchFilter: true, import: false },
    }),
    // Applicant records in filing order (migration 0029 turned the free-text names into records).
    applicants: field('applicant', {
      label: { zh: '申请人', en: 'Applicants' },
      multiple: true,
      flags: { searchFilter: true },
    }),
    // Who handles a case changes for many at once (a new agency, a new person responsible): batch-editable.
    agency: field('agency', {
      label: { zh: '代理机构', en: 'Agency' },
      flags: { searchFilter: true, batchEdit: true },
    }),
    agent: field('agent', { label: { zh: '代理人', en: 'Agent' }, flags: { batchEdit: true } }),
    ip_manager: field('user', {
      label: { zh: '知识产权专员', en: 'IP manager' },
      flags: { searchFilter: true, batchEdit: true },
    }),
    ipc: field('text', { label: { zh: 'IPC 分类号', en: 'IPC classes' }, multiple: true, maxLength: 32 }),
    entity_size: field('option', {
      label: { zh: '申请人规模（美国）', en: 'Entity size (US)' },
      dictionary: 'entity_size',
    }),
    claim_count: field('number', {
      label: { zh: '权利要求项数', en: 'Number of claims' },
      min: 1,
      max: 10_000,
      scale: 0,
    }),
    fee_reduction: field('option', {
      label: { zh: '费用减缴', en: 'Fee reduction' },
      dictionary: 'fee_reduction',
      flags: { batchEdit: true },
    }),
    delayed_examination: field('boolean', { label: { zh: '延迟审查', en: 'Delayed examination' } }),
    biomaterial_deposit: field('boolean', { label: { zh: '生物材料保藏', en: 'Biological material deposited' } }),
    biomaterial_number: field('text', { label: { zh: '保藏编号', en: 'Deposit number' }, maxLength: 64 }),
    biomaterial_unit_code: field('text', {
      label: { zh: '保藏单位代码', en: 'Depositary institution code' },
      maxLength: 64,
    }),
    biomaterial_date: field('date', { label: { zh: '保藏日期', en: 'Deposit date' } }),
    biomaterial_nomenclature: field('text', {
      label: { zh: '分类命名', en: 'Taxonomic name' },
      maxLength: 255,
    }),
    biomaterial_survival: field('boolean', { label: { zh: '存活', en: 'Viable' } }),
    sequence_listing: field('boolean', { label: { zh: '含序列表', en: 'Sequence listing' } }),
    genetic_resources: field('boolean', { label: { zh: '依赖遗传资源', en: 'Relies on genetic resources' } }),
    abstract: field('longText', { label: { zh: '摘要', en: 'Abstract' }, flags: { keyword: true } }),
  },
});
