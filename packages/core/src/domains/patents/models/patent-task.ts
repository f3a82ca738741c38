// Deadlines of a case (spec model patent_task). Rule-computed ones carry the rule, its pack version and
// the dates used (the server's domains/patents keeps them in step with the case); users may add their own by hand.
// Its lifecycle is every deadline store's (docket/lifecycle.ts): complete, reopen; cancelled by the rules.
import { localizeDeadlineRow } from '../titles.js';
import { defineModel, field } from '../../../models/define.js';
import { deadlineLifecycle } from '../../../docket/lifecycle.js';
import { verificationFields } from '../../../docket/verification.js';

export const patentTask = defineModel({
  name: 'patent_task',
  label: { zh: '期限', en: 'Deadlines' },
  titleField: 'title',
  // A rule deadline's title is its rule's label in the reader's language (patents/titles.ts).
  localize: { reads: ['rule_code'], apply: localizeDeadlineRow },
  // The portfolio's "open deadlines within N days" list reads this index.
  filterIndexes: [['status', 'due_date']],
  // Recomputed in bulk after a rule-pack change (patents/recompute.ts).
  bulkWritten: true,
  lifecycle: deadlineLifecycle,
  // The assignee hears of the deadline (its status changes, its reminders; docs/notifications.md).
  responsible: ['assignee'],
  // A case's own record: listed on the case, deleted with it (spec §5 "Deleting a case").
  parent: { model: 'patent', field: 'patent', onParentDelete: 'delete' },
  // The patent's deadline store: the deadlines calendar and iCalendar feed read it beside the docketed models'.
  deadlineStore: { of: 'patent' },
  fields: {
    patent: field('parent', {
      label: { zh: '专利', en: 'Patent' },
      target: 'patent',
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    title: field('text', {
      label: { zh: '期限名称', en: 'Deadline' },
      required: true,
      maxLength: 255,
      flags: { keyword: true, tableColumn: true },
    }),
    due_date: field('date', {
      label: { zh: '截止日', en: 'Due date' },
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    // Managed and starting open by its lifecycle.
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'deadline_status',
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
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
      flags: { searchFilter: true, import: false },
    }),
    rule_code: field('text', {
      label: { zh: '规则', en: 'Rule' },
      maxLength: 64,
      managed: true,
      flags: { searchFilter: true, import: false },
    }),
    pack_version: field('text', {
      label: { zh: '规则包版本', en: 'Rule pack version' },
      maxLength: 32,
      managed: true,
      flags: { import: false },
    }),
    base_date: field('date', { label: { zh: '起算日', en: 'Counted from' }, managed: true, flags: { import: false } }),
    unadjusted_date: field('date', {
      label: { zh: '顺延前截止日', en: 'Due date before roll-forward' },
      managed: true,
      flags: { import: false },
    }),
    item: field('parent', {
      label: { zh: '触发官文/事件', en: 'Triggered by' },
      target: 'patent_item',
      managed: true,
      flags: { import: false },
    }),
    assignee: field('user', {
      label: { zh: '负责人', en: 'Assignee' },
      flags: { searchFilter: true, batchEdit: true },
    }),
    // Set by the complete action only.
    completed_on: field('date', { label: { zh: '完成日', en: 'Completed on' } }),
    remark: field('longText', { label: { zh: '备注', en: 'Remark' } }),
    // Dual docketing (docket/verification.ts): the lifecycle's verify action stamps them.
    ...verificationFields,
  },
});
