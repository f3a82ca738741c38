// What the reminder run reads: every deadline store (patent_task and each docketed model's store) and the
// patents' fees, each described once from its declaration — its open status, the record the notification is
// about (the store's parent: the case a person works on), where the deadline's office calendar comes from,
// and which columns name it. Names come from declarations, never from input.
import { feeModel, type Label, type NotificationEvent } from '@ipdesk/core';
import type { ModelRegistry, ResolvedModel } from '../../models/registry.js';

/** Where a row's calendar office is: its own column, its parent's, a fixed office, or none (calendar days). */
export type OfficeSource = { column: string } | { parentColumn: string } | { fixed: string } | undefined;

export interface ReminderSource {
  kind: 'deadline' | 'fee';
  event: Extract<NotificationEvent, 'deadline.reminder' | 'fee.due'>;
  model: ResolvedModel;
  /** The status the rows are reminded in ('open' deadlines, 'unpaid' fees). */
  openStatus: string;
  /** The parent record (model, column holding its sid): what the notification is about and opens. */
  parent: { model: ResolvedModel; column: string } | undefined;
  office: OfficeSource;
  /** The column of the deadline's rule, whose lead times override its category's. */
  ruleColumn: string | undefined;
  assigneeColumn: string | undefined;
  /** Columns read to name the row (its title, and what its localize reads). */
  titleColumns: string[];
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a column or model name: ${name}`);
  return name;
}

function officeOf(model: ResolvedModel, parent: ResolvedModel | undefined): OfficeSource {
  if (model.fields.has('office')) return { column: 'office' };
  const docketOffice = parent?.declaration.docket?.calendarOffice;
  if (!docketOffice) return undefined;
  if ('office' in docketOffice) return { fixed: docketOffice.office };
  return parent.fields.has(docketOffice.field) ? { parentColumn: identifier(docketOffice.field) } : undefined;
}

function sourceOf(
  registry: ModelRegistry,
  model: ResolvedModel,
  kind: ReminderSource['kind'],
  openStatus: string,
): ReminderSource {
  const declared = model.declaration.parent;
  const parentModel = declared ? registry.get(declared.model) : undefined;
  const parent =
    parentModel && declared && model.fields.has(declared.field)
      ? { model: parentModel, column: identifier(declared.field) }
      : undefined;
  const titleColumns = [
    ...new Set([model.declaration.titleField ?? 'title', ...(model.declaration.localize?.reads ?? [])]),
  ].filter((name) => model.fields.has(name));
  return {
    kind,
    event: kind === 'fee' ? 'fee.due' : 'deadline.reminder',
    model,
    openStatus,
    parent,
    office: officeOf(model, parent?.model),
    ruleColumn: kind === 'deadline' && model.fields.has('rule_code') ? 'rule_code' : undefined,
    assigneeColumn: model.fields.has('assignee') ? 'assignee' : undefined,
    titleColumns: titleColumns.map(identifier),
  };
}

/** Every source of reminders the registry has: each deadline store, then the fees (when the patents run). */
export function reminderSources(registry: ModelRegistry): ReminderSource[] {
  const sources = registry.deadlineStores().map((store) => sourceOf(registry, store, 'deadline', 'open'));
  const fees = registry.get(feeModel.name);
  if (fees) sources.push(sourceOf(registry, fees, 'fee', 'unpaid'));
  return sources;
}

/** The SQL of a row's office (alias t, its parent p), or NULL. */
export function officeSql(source: ReminderSource): string {
  const office = source.office;
  if (!office) return 'NULL::text';
  if ('column' in office) return `t.${office.column}`;
  if ('parentColumn' in office) return `p.${office.parentColumn}`;
  return `'${office.fixed.replace(/'/g, "''")}'::text`;
}

/** The join to the parent, when the office is read there. */
export function parentJoin(source: ReminderSource): string {
  if (!source.office || !('parentColumn' in source.office) || !source.parent) return '';
  return `JOIN ${source.parent.model.table} p ON p.sid = t.${source.parent.column} AND p.tenant_sid = t.tenant_sid`;
}

/** A row's name in both languages: its model's localize (a rule's label) over the stored title. */
export function rowLabel(source: ReminderSource, row: Readonly<Record<string, unknown>>): Label {
  const stored = String(row[source.model.declaration.titleField ?? 'title'] ?? '');
  const localize = source.model.declaration.localize;
  const inLanguage = (language: 'zh-CN' | 'en') => {
    const replaced = localize?.apply(row, language).title;
    return typeof replaced === 'string' && replaced ? replaced : stored;
  };
  return { zh: inLanguage('zh-CN'), en: inLanguage('en') };
}
