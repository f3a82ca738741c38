import { defineModel, field } from '../define.js';

export const copyrightApply = defineModel({
  name: 'copyright_apply',
  label: { zh: '版权登记', en: 'Copyright registration' },
  titleField: 'name',
  fields: {
    name: field('text', {
      label: { zh: '作品/软件名称', en: 'Title of the work' },
      required: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    sn: field('text', {
      label: { zh: '案号', en: 'Case number' },
      required: true,
      maxLength: 64,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    copyright_type: field('option', {
      label: { zh: '版权类型', en: 'Type' },
      required: true,
      dictionary: 'copyright_type',
      flags: { searchFilter: true, tableColumn: true },
    }),
    version_no: field('text', { label: { zh: '版本号', en: 'Version' }, maxLength: 32 }),
    registration_number: field('text', {
      label: { zh: '登记号', en: 'Registration number' },
      maxLength: 64,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    status: field('option', {
      label: { zh: '登记状态', en: 'Status' },
      dictionary: 'copyright_status',
      flags: { searchFilter: true, tableColumn: true },
    }),
    completion_date: field('date', { label: { zh: '开发完成日期', en: 'Completion date' } }),
    first_publication_date: field('date', { label: { zh: '首次发表日期', en: 'First publication date' } }),
    registration_date: field('date', {
      label: { zh: '登记日期', en: 'Registration date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
  },
});
