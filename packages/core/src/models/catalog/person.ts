// Persons (spec §3 "Person"): the organisation's people, with an optional login account. Status and
// account are changed only by the person actions (open account, resign), never by a plain update.
import { idNumberProblem, ID_TYPES, type IdType } from '../../rbac/identity.js';
import { defineModel, field, type RecordIssue } from '../define.js';

export function idNumberIssues(values: Readonly<Record<string, unknown>>): RecordIssue[] {
  const type = values.id_type;
  const number = values.id_number;
  if (number === null || number === undefined || number === '') return [];
  if (typeof type !== 'string' || !(ID_TYPES as readonly string[]).includes(type))
    return [{ field: 'id_type', messageKey: 'validation.required' }];
  const problem = idNumberProblem(type as IdType, String(number));
  if (!problem) return [];
  const messageKey =
    problem === 'checkDigit'
      ? 'validation.idCardCheckDigit'
      : problem === 'birthDate'
        ? 'validation.idCardBirthDate'
        : type === 'id_card'
          ? 'validation.idCardFormat'
          : 'validation.travelDocumentFormat';
  return [{ field: 'id_number', messageKey }];
}

export const person = defineModel({
  name: 'person',
  label: { zh: '人员', en: 'Person' },
  titleField: 'name',
  validity: { field: 'status', invalid: ['resigned'] },
  validate: idNumberIssues,
  departmentField: 'department',
  accessFields: ['department', 'account_user'],
  fields: {
    name: field('text', {
      label: { zh: '姓名', en: 'Name' },
      required: true,
      maxLength: 50,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    english_name: field('text', {
      label: { zh: '英文名', en: 'English name' },
      maxLength: 100,
      flags: { tableColumn: true },
    }),
    job_number: field('text', {
      label: { zh: '工号', en: 'Job number' },
      maxLength: 64,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    email: field('text', {
      label: { zh: '邮箱', en: 'E-mail' },
      maxLength: 254,
      format: 'email',
      flags: { tableColumn: true },
    }),
    mobile: field('text', {
      label: { zh: '手机号', en: 'Mobile' },
      maxLength: 11,
      format: 'mobile',
      sensitive: 'mobile',
      flags: { tableColumn: true },
    }),
    user_type: field('option', {
      label: { zh: '用户类型', en: 'User type' },
      dictionary: 'client_type',
      defaultValue: 'enterprise',
      flags: { searchFilter: true, tableColumn: true },
    }),
    department: field('organization', {
      label: { zh: '部门', en: 'Department' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    id_type: field('option', { label: { zh: '证件类型', en: 'ID type' }, dictionary: 'id_type' }),
    id_number: field('text', {
      label: { zh: '证件号码', en: 'ID number' },
      maxLength: 20,
      sensitive: 'idNumber',
    }),
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'person_status',
      managed: true,
      defaultValue: 'active',
      flags: { searchFilter: true, tableColumn: true, import: false },
    }),
    account_user: field('user', {
      label: { zh: '登录账号', en: 'Login account' },
      userDisplay: 'account',
      managed: true,
      flags: { tableColumn: true, import: false },
    }),
    resigned_on: field('date', {
      label: { zh: '离职日期', en: 'Resigned on' },
      managed: true,
      flags: { searchFilter: true, import: false },
    }),
    handover_person: field('parent', {
      label: { zh: '工作交接人', en: 'Handover person' },
      target: 'person',
      managed: true,
      flags: { import: false },
    }),
  },
});
