// Applicants (spec §3 "applicant"): the enterprises, institutes, universities and people who file patents
// and trademarks, as records the cases point at instead of free text. An organisation is identified by its
// unified social credit code (check character checked, unique in the tenant), a person by an ID number
// (the persons' rule, rbac/identity.ts). Titles read in the reader's language: the name as filed for
// zh-CN, the English name (or the name) for en. Imports that name applicants in free text match them
// by either name and may create the missing ones (nameFields).
import { idNumberIssues } from '../../../models/catalog/person.js';
import { defineModel, field, type RecordIssue } from '../../../models/define.js';
import { usccProblem } from '../uscc.js';

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

export function applicantIssues(values: Readonly<Record<string, unknown>>): RecordIssue[] {
  const issues: RecordIssue[] = [];
  const individual = values.applicant_type === 'individual';
  const code = values.credit_code;
  if (!blank(code)) {
    if (individual) issues.push({ field: 'credit_code', messageKey: 'validation.usccForOrganisations' });
    else {
      const problem = usccProblem(String(code));
      if (problem === 'format') issues.push({ field: 'credit_code', messageKey: 'validation.usccFormat' });
      if (problem === 'checkDigit') issues.push({ field: 'credit_code', messageKey: 'validation.idCardCheckDigit' });
    }
  }
  if (!blank(values.id_number) && !individual && values.applicant_type !== undefined)
    issues.push({ field: 'id_number', messageKey: 'validation.idNumberForIndividuals' });
  // One issue per field: an ID number on an organisation is not checked as a number as well.
  return issues.some((issue) => issue.field === 'id_number') ? issues : [...issues, ...idNumberIssues(values)];
}

export const applicant = defineModel({
  name: 'applicant',
  label: { zh: '申请人', en: 'Applicant' },
  titleField: 'name',
  titleByLanguage: { en: ['name_en', 'name'] },
  nameFields: ['name', 'name_en'],
  validity: { field: 'status', invalid: ['invalid'] },
  validate: applicantIssues,
  fields: {
    // The name as filed: Chinese for Chinese applicants, else as the office has it.
    name: field('text', {
      label: { zh: '名称', en: 'Name' },
      required: true,
      maxLength: 200,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    name_en: field('text', {
      label: { zh: '英文名称', en: 'English name' },
      maxLength: 200,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    applicant_type: field('option', {
      label: { zh: '申请人类型', en: 'Applicant type' },
      dictionary: 'applicant_type',
      defaultValue: 'enterprise',
      flags: { searchFilter: true, tableColumn: true },
    }),
    country: field('option', {
      label: { zh: '国家/地区', en: 'Country/region' },
      dictionary: 'country',
      defaultValue: 'CN',
      flags: { searchFilter: true, tableColumn: true },
    }),
    address: field('text', { label: { zh: '地址', en: 'Address' }, maxLength: 255 }),
    credit_code: field('text', {
      label: { zh: '统一社会信用代码', en: 'Unified social credit code' },
      maxLength: 18,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    id_type: field('option', { label: { zh: '证件类型', en: 'ID type' }, dictionary: 'id_type' }),
    id_number: field('text', { label: { zh: '证件号码', en: 'ID number' }, maxLength: 20, sensitive: 'idNumber' }),
    contact: field('text', { label: { zh: '联系人', en: 'Contact person' }, maxLength: 50 }),
    phone: field('text', { label: { zh: '联系电话', en: 'Phone' }, maxLength: 32 }),
    email: field('text', { label: { zh: '邮箱', en: 'E-mail' }, maxLength: 254, format: 'email' }),
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'validity_status',
      defaultValue: 'valid',
      flags: { searchFilter: true, tableColumn: true },
    }),
    remark: field('longText', { label: { zh: '备注', en: 'Remark' } }),
  },
});
