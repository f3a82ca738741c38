// Where a docketed model's deadlines are stored: a declared child model of it, made by one factory so every
// store has the same standard fields and lifecycle as patent_task (title, due date, window, rule, the dates
// counted from, the rules print, status, completion, responsible person, remark). Being a model, the store
// gets permissions, data scope, list, detail, export, history, the parent's tab and delete cascade for free.
import type { Language } from '../i18n/index.js';
import { defineModel, field, labelIn, type Label } from '../models/define.js';
import { deadlineLifecycle } from './lifecycle.js';
import type { DatedRule } from './types.js';
import { verificationFields } from './verification.js';

const standardFields = {
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
  opens_on: field('date', {
    label: { zh: '可办理起始日', en: 'Window opens' },
    managed: true,
    flags: { import: false },
  }),
  // Managed and starting open by its lifecycle.
  status: field('option', {
    label: { zh: '状态', en: 'Status' },
    dictionary: 'deadline_status',
    required: true,
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
  base_date: field('date', { label: { zh: '起算日', en: 'Counted from' }, managed: true, flags: { import: false } }),
  unadjusted_date: field('date', {
    label: { zh: '顺延前截止日', en: 'Due date before roll-forward' },
    managed: true,
    flags: { import: false },
  }),
  rules_fingerprint: field('text', {
    label: { zh: '规则版本', en: 'Rules version' },
    maxLength: 32,
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
  ...verificationFields,
};

type ParentField<P extends string> = ReturnType<typeof parentField<P>>;

function parentField<P extends string>(model: P, label: Label) {
  return field('parent', { label, target: model, required: true, flags: { searchFilter: true, tableColumn: true } });
}

export interface DeadlineModelInput<N extends string, P extends string> {
  name: N;
  label: Label;
  /** The docketed model; the store's parent field has its name (as patent_task's `patent`). */
  parent: { model: P; label: Label };
  /** The docketed model's rules: a rule deadline's title reads as its rule's label in the reader's language. */
  rules: readonly DatedRule[];
}

/** A docketed model's deadline store (its `docket.deadlineModel`). */
export function defineDeadlineModel<const N extends string, const P extends string>(input: DeadlineModelInput<N, P>) {
  const labels = new Map(input.rules.map((rule) => [rule.code, rule.label]));
  const fields = {
    [input.parent.model]: parentField(input.parent.model, input.parent.label),
    ...standardFields,
  } as Record<P, ParentField<P>> & typeof standardFields;
  return defineModel({
    name: input.name,
    label: input.label,
    titleField: 'title',
    localize: {
      reads: ['rule_code'],
      apply: (row: Readonly<Record<string, unknown>>, language: Language) => {
        const label = typeof row.rule_code === 'string' ? labels.get(row.rule_code) : undefined;
        return label ? { title: labelIn(label, language) } : {};
      },
    },
    filterIndexes: [['status', 'due_date']],
    // Recomputed in bulk after a rules change (server platform/docket/recompute.ts).
    bulkWritten: true,
    lifecycle: deadlineLifecycle,
    // The assignee hears of the deadline (its status changes, its reminders; docs/notifications.md).
    responsible: ['assignee'],
    parent: { model: input.parent.model, field: input.parent.model, onParentDelete: 'delete' },
    deadlineStore: { of: input.parent.model },
    fields,
  });
}
