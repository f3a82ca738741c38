// Virtual organisations (spec §3 "virtual org"): teams across departments — a project team, a review
// panel — with a leader and members who are users of the tenant. They sit with the departments and people
// (domain people, enterprise administration under System settings) because they group the same user
// accounts the departments do, and, like persons, are never shared with agency users.
import { defineModel, field } from '../../../models/define.js';

export const virtualOrg = defineModel({
  name: 'virtual_org',
  label: { zh: '虚拟组织', en: 'Virtual organisation' },
  titleField: 'name',
  titleByLanguage: { en: ['name_en', 'name'] },
  nameFields: ['name', 'name_en', 'code'],
  validity: { field: 'status', invalid: ['invalid'] },
  fields: {
    name: field('text', {
      label: { zh: '名称', en: 'Name' },
      required: true,
      maxLength: 100,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    name_en: field('text', {
      label: { zh: '英文名称', en: 'English name' },
      maxLength: 200,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    code: field('text', {
      label: { zh: '编码', en: 'Code' },
      required: true,
      maxLength: 64,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    leader: field('user', { label: { zh: '负责人', en: 'Leader' }, flags: { searchFilter: true, tableColumn: true } }),
    members: field('user', {
      label: { zh: '成员', en: 'Members' },
      multiple: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    description: field('longText', { label: { zh: '说明', en: 'Description' }, maxLength: 2000 }),
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'validity_status',
      defaultValue: 'valid',
      flags: { searchFilter: true, tableColumn: true },
    }),
  },
});
