// The designer's forms and the ipdesk extension elements of the BPMN, both ways: what a form shows is read
// with core's readers (the same the engine's graph is built with), and what it writes is a new
// ipdesk:Approval / ipdesk:ProcessSettings element that replaces the old one in the element's
// extensionElements. Defaults are left out of the XML, so a diagram only states what differs.
import {
  APPROVAL_TYPE,
  PROCESS_SETTINGS_TYPE,
  WORKFLOW_DEFAULTS,
  readProcessSettings,
  readTaskSettings,
  type ApproverRule,
  type ModdleElement,
  type ProcessSettings,
  type TaskSettings,
} from '@ipdesk/core';

/** What the designer needs of a moddle instance (bpmn-js' `moddle` service, or bpmn-moddle in tests). */
export interface ModdleFactory {
  create(type: string, attributes?: Record<string, unknown>): ModdleElement;
}

/** A user task's approval settings as the properties panel edits them. */
export type ApprovalForm = TaskSettings;

/** The process-level settings the panel edits; the key is the process id and the name its own attribute. */
export type ProcessSettingsForm = Omit<ProcessSettings, 'key' | 'name' | 'listeners'>;

export const readApproval = (task: ModdleElement): ApprovalForm => readTaskSettings(task);

export function readProcessForm(process: ModdleElement): ProcessSettingsForm {
  const { key: _key, name: _name, listeners: _listeners, ...form } = readProcessSettings(process);
  return form;
}

/** A flow's condition text ('' when it has none). */
export function readCondition(flow: ModdleElement): string {
  const expression = flow['conditionExpression'] as ModdleElement | undefined;
  const body = expression?.['body'];
  return typeof body === 'string' ? body : '';
}

/** Attributes without the undefined ones, so moddle writes nothing for them. */
function definedOnly(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined));
}

const unlessDefault = <T>(value: T, fallback: T): T | undefined => (value === fallback ? undefined : value);
const textOrNothing = (value: string | null): string | undefined => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
};
const listOrNothing = (values: readonly string[]): string | undefined => {
  const kept = values.map((value) => value.trim()).filter((value) => value !== '');
  return kept.length > 0 ? kept.join(',') : undefined;
};
const numberOrNothing = (value: number | null): string | undefined => (value === null ? undefined : String(value));

/** moddle keeps $parent for navigation; elements made here get theirs like the ones it reads. */
export function adopt(child: ModdleElement, parent: ModdleElement): ModdleElement {
  (child as { $parent?: ModdleElement }).$parent = parent;
  return child;
}

/**
 * Attributes of another namespace or a newer version that moddle kept as $attrs: carried over, so
 * editing a setting here never drops what this designer does not know.
 */
function keepForeignAttributes(next: ModdleElement, previous: ModdleElement | undefined): void {
  const kept = previous?.['$attrs'];
  const target = next['$attrs'];
  if (kept && typeof kept === 'object' && target && typeof target === 'object') Object.assign(target, kept);
}

export function approvalElement(moddle: ModdleFactory, form: ApprovalForm, previous?: ModdleElement): ModdleElement {
  const approval = moddle.create(
    APPROVAL_TYPE,
    definedOnly({
      voteSignMode: unlessDefault(form.voteMode, WORKFLOW_DEFAULTS.voteMode)?.toString(),
      levelApprove: unlessDefault(form.levelApprove, WORKFLOW_DEFAULTS.levelApprove)?.toString(),
      repeatedMode: unlessDefault(form.repeatedMode, WORKFLOW_DEFAULTS.repeatedMode),
      emptyApprovers: unlessDefault(form.emptyApprovers, WORKFLOW_DEFAULTS.emptyApprovers),
      freeJump: form.freeJump || undefined,
      addSign: form.addSign || undefined,
      dueHours: numberOrNothing(form.dueHours),
      remindHours: numberOrNothing(form.remindHours),
      variable: textOrNothing(form.variable),
    }),
  );
  const rules = (type: string, list: readonly ApproverRule[]) =>
    list.map((rule) =>
      adopt(moddle.create(type, definedOnly({ kind: rule.kind, values: listOrNothing(rule.values) })), approval),
    );
  const approvers = rules('ipdesk:Approver', form.approvers);
  const cc = rules('ipdesk:Cc', form.cc);
  const fieldAccess = form.fields.map((entry) =>
    adopt(moddle.create('ipdesk:FieldAccess', { field: entry.field, access: entry.access }), approval),
  );
  Object.assign(approval, definedOnly({ approvers: approvers.length ? approvers : undefined }));
  Object.assign(approval, definedOnly({ cc: cc.length ? cc : undefined }));
  Object.assign(approval, definedOnly({ fieldAccess: fieldAccess.length ? fieldAccess : undefined }));
  keepForeignAttributes(approval, previous);
  return approval;
}

export function processSettingsElement(
  moddle: ModdleFactory,
  form: ProcessSettingsForm,
  previous?: ModdleElement,
): ModdleElement {
  const settings = moddle.create(
    PROCESS_SETTINGS_TYPE,
    definedOnly({
      model: textOrNothing(form.model),
      action: textOrNothing(form.action ?? null),
      form: textOrNothing(form.form),
      serialNumber: textOrNothing(form.serialNumber),
      identityKey: textOrNothing(form.identityKey),
      scope: textOrNothing(form.scope),
      // Stated even at its default, as the template of a new process does: readers see how a return restarts.
      restartMode: String(form.restartMode),
      processCategory: textOrNothing(form.processCategory),
      invoiceStatus: textOrNothing(form.invoiceStatus),
      approveUsers: listOrNothing(form.approveUsers),
      approveRoles: listOrNothing(form.approveRoles),
      approveUserField: textOrNothing(form.approveUserField),
    }),
  );
  keepForeignAttributes(settings, previous);
  return settings;
}

/** The condition expression to set on a flow: undefined (unconditional) for blank text. */
export function conditionElement(moddle: ModdleFactory, text: string): ModdleElement | undefined {
  return text.trim() === '' ? undefined : moddle.create('bpmn:FormalExpression', { body: text.trim() });
}

/** The extension element of a type on a business object (the first, as the readers take it). */
export function extensionOf(businessObject: ModdleElement, type: string): ModdleElement | undefined {
  const container = businessObject['extensionElements'] as ModdleElement | undefined;
  const values = container?.['values'];
  return Array.isArray(values) ? (values as ModdleElement[]).find((value) => value.$type === type) : undefined;
}

/**
 * The extension values with the first element of `type` replaced by `next` in place (appended when there
 * was none, removed when `next` is undefined); every other extension (listeners, other vendors') stays.
 */
export function replaceExtension(
  values: readonly ModdleElement[],
  type: string,
  next: ModdleElement | undefined,
): ModdleElement[] {
  const index = values.findIndex((value) => value.$type === type);
  if (index < 0) return next ? [...values, next] : [...values];
  return next ? values.map((value, at) => (at === index ? next : value)) : values.filter((_, at) => at !== index);
}
