// Patent cases, basic fields (the patents issue adds families, inventors, deadlines and fees).
import { defineModel, field } from '../define.js';

export const patent = defineModel({
  name: 'patent',
  label: { zh: '专利', en: 'Patent' },
  titleField: 'title',
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
    ip_manager: field('user', { label: { zh: '知识产权专员', en: 'IP manager' }, flags: { searchFilter: true } }),
    abstract: field('longText', { label: { zh: '摘要', en: 'Abstract' }, flags: { keyword: true } }),
  },
});
