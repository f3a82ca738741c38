// Experts (spec §3 "expert"): the people a proposal's review, an evaluation or an invalidation asks for an
// opinion — an internal person (a user of the tenant) or an external expert (name, organisation, position,
// contacts) — with their fields of expertise (the tech territory dictionary). An internal expert reads as
// the user's name: the server copies it into the name fields on every save (domains/parties/expert-hooks.ts),
// so titles, pickers, iql and imports read one column whichever kind the expert is.
import { defineModel, field, type RecordIssue } from '../../../models/define.js';

const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** An internal expert is a user; an external one has a name and is no user. */
export function expertIssues(values: Readonly<Record<string, unknown>>): RecordIssue[] {
  const internal = values.expert_type === 'internal';
  if (internal && blank(values.staff)) return [{ field: 'staff', messageKey: 'validation.expertNeedsUser' }];
  if (internal) return [];
  const issues: RecordIssue[] = [];
  if (blank(values.name)) issues.push({ field: 'name', messageKey: 'validation.expertNeedsName' });
  if (!blank(values.staff)) issues.push({ field: 'staff', messageKey: 'validation.userForInternalExperts' });
  return issues;
}

export const expert = defineModel({
  name: 'expert',
  label: { zh: '专家', en: 'Expert' },
  titleField: 'name',
  titleByLanguage: { en: ['name_en', 'name'] },
  nameFields: ['name', 'name_en'],
  validity: { field: 'status', invalid: ['invalid'] },
  validate: expertIssues,
  fields: {
    // Imports that create an expert from a free-text name make an external one.
    expert_type: field('option', {
      label: { zh: '专家类型', en: 'Expert type' },
      dictionary: 'expert_type',
      required: true,
      defaultValue: 'external',
      flags: { searchFilter: true, tableColumn: true },
    }),
    // One expert record per person of the tenant.
    staff: field('user', {
      label: { zh: '内部人员', en: 'Internal person' },
      unique: true,
      flags: { searchFilter: true },
    }),
    // Required for external experts (expertIssues); an internal expert's is the user's name.
    name: field('text', {
      label: { zh: '姓名', en: 'Name' },
      maxLength: 100,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    name_en: field('text', {
      label: { zh: '英文姓名', en: 'English name' },
      maxLength: 100,
      flags: { keyword: true, searchFilter: true },
    }),
    affiliation: field('text', {
      label: { zh: '所在单位', en: 'Organisation' },
      maxLength: 200,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    position: field('text', {
      label: { zh: '职称/职务', en: 'Title/position' },
      maxLength: 100,
      flags: { tableColumn: true },
    }),
    expertise: field('techTerritory', {
      label: { zh: '擅长领域', en: 'Fields of expertise' },
      multiple: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    phone: field('text', { label: { zh: '联系电话', en: 'Phone' }, maxLength: 32 }),
    email: field('text', { label: { zh: '邮箱', en: 'E-mail' }, maxLength: 254, format: 'email' }),
    country: field('option', {
      label: { zh: '国家/地区', en: 'Country/region' },
      dictionary: 'country',
      defaultValue: 'CN',
      flags: { searchFilter: true },
    }),
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'validity_status',
      defaultValue: 'valid',
      flags: { searchFilter: true, tableColumn: true },
    }),
    remark: field('longText', { label: { zh: '备注', en: 'Remark' } }),
  },
});
