import { defineModel, field } from '../define.js';
import { TRADEMARK_RENEWAL_RULES } from '../../domains/portfolio/trademark-renewal.js';

export const trademarks = defineModel({
  name: 'trademarks',
  label: { zh: '商标', en: 'Trademark' },
  titleField: 'name',
  fields: {
    name: field('text', {
      label: { zh: '商标名称', en: 'Mark' },
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
    application_number: field('text', {
      label: { zh: '申请号', en: 'Application number' },
      maxLength: 64,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    registration_number: field('text', {
      label: { zh: '注册号', en: 'Registration number' },
      maxLength: 64,
      flags: { keyword: true, searchFilter: true },
    }),
    country: field('option', {
      label: { zh: '国家/地区', en: 'Country/region' },
      required: true,
      dictionary: 'country',
      flags: { searchFilter: true, tableColumn: true },
    }),
    applicants: field('applicant', {
      label: { zh: '申请人', en: 'Applicants' },
      multiple: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    nice_classes: field('option', {
      label: { zh: '类别', en: 'Classes' },
      multiple: true,
      dictionary: 'nice_class',
      flags: { searchFilter: true, tableColumn: true },
    }),
    status: field('option', {
      label: { zh: '商标状态', en: 'Status' },
      dictionary: 'trademark_status',
      flags: { searchFilter: true, tableColumn: true },
    }),
    filing_date: field('date', {
      label: { zh: '申请日', en: 'Filing date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    registration_date: field('date', {
      label: { zh: '注册日', en: 'Registration date' },
      flags: { searchFilter: true },
    }),
    expiry_date: field('date', {
      label: { zh: '专用权到期日', en: 'Expiry date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
  },
  // Renewal (TML 40): its deadlines are kept in step with the expiry date, office and status (platform docket).
  docket: {
    dates: { expiry: 'expiry_date' },
    calendarOffice: { field: 'country' },
    rules: TRADEMARK_RENEWAL_RULES,
    deadlineModel: 'trademark_deadline',
  },
});
