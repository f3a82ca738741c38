import { defineModel, field } from '../define.js';

export const project = defineModel({
  name: 'project',
  label: { zh: '项目', en: 'Project' },
  titleField: 'name',
  fields: {
    name: field('text', {
      label: { zh: '项目名称', en: 'Project name' },
      required: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    code: field('text', {
      label: { zh: '项目编号', en: 'Project code' },
      required: true,
      maxLength: 64,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    status: field('option', {
      label: { zh: '项目状态', en: 'Status' },
      dictionary: 'project_status',
      flags: { searchFilter: true, tableColumn: true },
    }),
    start_date: field('date', {
      label: { zh: '开始日期', en: 'Start date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    end_date: field('date', {
      label: { zh: '结束日期', en: 'End date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    budget: field('money', {
      label: { zh: '预算（元）', en: 'Budget (CNY)' },
      min: 0,
      max: 1e12,
      scale: 2,
      flags: { tableColumn: true },
    }),
    manager: field('user', {
      label: { zh: '负责人', en: 'Manager' },
      flags: { searchFilter: true, tableColumn: true, batchEdit: true },
    }),
    description: field('longText', { label: { zh: '项目简介', en: 'Description' }, flags: { keyword: true } }),
  },
});
