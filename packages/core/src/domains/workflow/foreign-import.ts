// Processes drawn in other modelers (Camunda, Flowable, Activiti, bpmn.io) carry no ipdesk settings: no
// model, and their approvers as the vendor's own attributes on user tasks (`camunda:assignee="jdoe"`,
// `flowable:candidateGroups="managers"`). On import the user names the model (and the lifecycle action) to
// bind; these attributes are read here so the server can resolve them to approvers of the tenant (accounts to
// users, groups to role codes), and the resolved ones are written into the XML as ipdesk:Approval, with
// every other element (diagram included) kept as it was.
import { AppError } from '../../errors/app-error.js';
import type { ApproverKind } from './graph.js';
import { APPROVAL_TYPE, PROCESS_SETTINGS_TYPE } from './settings.js';
import {
  elementOf,
  executableProcess,
  extensionsOf,
  listOf,
  createProcessModdle,
  type ModdleElement,
} from './moddle.js';

/** The namespaces whose user-task attributes name approvers, by the vendor the import report names. */
export const FOREIGN_ASSIGNEE_NAMESPACES = {
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
} as const;
export type ForeignVendor = keyof typeof FOREIGN_ASSIGNEE_NAMESPACES;

/** assignee: one user; candidateUsers: users (comma-separated); candidateGroups: groups, i.e. our roles. */
export const ASSIGNEE_ATTRIBUTES = ['assignee', 'candidateUsers', 'candidateGroups'] as const;
export type AssigneeAttribute = (typeof ASSIGNEE_ATTRIBUTES)[number];

export interface ForeignAssignment {
  nodeId: string;
  nodeName: string;
  vendor: ForeignVendor;
  attribute: AssigneeAttribute;
  /** The names given, trimmed; an expression (`${initiator}`) is one value that resolves to nobody. */
  values: string[];
}

/** The approver kind a value of each attribute resolves to. */
export const ASSIGNEE_KIND: Record<AssigneeAttribute, Extract<ApproverKind, 'user' | 'role'>> = {
  assignee: 'user',
  candidateUsers: 'user',
  candidateGroups: 'role',
};

/** An engine expression (`${manager}`, `#{bean.user}`): evaluated at run time there, nothing to map here. */
export const isExpression = (value: string): boolean => /^[$#]\{.*\}$/s.test(value);

const namespaceAttribute = /^xmlns:(.+)$/;

/** Prefix → vendor, from the namespace declarations on the definitions element. */
function vendorPrefixes(definitions: ModdleElement): Map<string, ForeignVendor> {
  const prefixes = new Map<string, ForeignVendor>();
  const attrs = (definitions.$attrs ?? {}) as Record<string, unknown>;
  for (const [name, uri] of Object.entries(attrs)) {
    const prefix = namespaceAttribute.exec(name)?.[1];
    const vendor = (Object.keys(FOREIGN_ASSIGNEE_NAMESPACES) as ForeignVendor[]).find(
      (candidate) => FOREIGN_ASSIGNEE_NAMESPACES[candidate] === uri,
    );
    if (prefix && vendor) prefixes.set(prefix, vendor);
  }
  return prefixes;
}

function userTasks(definitions: ModdleElement): ModdleElement[] {
  return listOf(executableProcess(definitions), 'flowElements').filter((element) => element.$type === 'bpmn:UserTask');
}

/** The vendor assignee attributes on the user tasks of a parsed definition, in document order. */
export function foreignAssignments(definitions: ModdleElement): ForeignAssignment[] {
  const prefixes = vendorPrefixes(definitions);
  if (prefixes.size === 0) return [];
  const found: ForeignAssignment[] = [];
  for (const task of userTasks(definitions)) {
    const attrs = (task.$attrs ?? {}) as Record<string, unknown>;
    for (const [qualified, raw] of Object.entries(attrs)) {
      const [prefix, local] = qualified.split(':');
      const vendor = prefix && prefixes.get(prefix);
      if (!vendor || typeof raw !== 'string' || !(ASSIGNEE_ATTRIBUTES as readonly string[]).includes(local ?? ''))
        continue;
      const attribute = local as AssigneeAttribute;
      const values = isExpression(raw.trim())
        ? [raw.trim()]
        : raw
            .split(',')
            .map((value) => value.trim())
            .filter(Boolean);
      if (values.length === 0) continue;
      found.push({
        nodeId: String(task.id),
        nodeName: String(task.name ?? '') || String(task.id),
        vendor,
        attribute,
        values,
      });
    }
  }
  return found;
}

/** What an import binds: the model and action for the process settings, and approvers per user task. */
export interface ImportBinding {
  model?: string;
  action?: string;
  approvers: ReadonlyMap<string, ReadonlyArray<{ kind: 'user' | 'role'; values: readonly string[] }>>;
}

/**
 * The XML with the binding written in: the process settings' model and action (added where the file has
 * none; a model the file names is kept), and an ipdesk:Approval with the resolved approvers on each user task
 * that has none of its own. Everything else of the file stays (unknown extensions and the diagram included).
 */
export async function bindImportedXml(xml: string, binding: ImportBinding): Promise<string> {
  const moddle = createProcessModdle();
  let definitions: ModdleElement;
  try {
    definitions = (await moddle.fromXML(xml.replace(/^\uFEFF/, ''))).rootElement;
  } catch (cause) {
    throw new AppError('workflowXmlInvalid', { params: { line: 0 }, cause });
  }
  const process = executableProcess(definitions);
  if (!process) throw new AppError('workflowNoProcess');
  const extensionsHolder = (element: ModdleElement): ModdleElement => {
    const existing = elementOf(element, 'extensionElements');
    if (existing) return existing;
    const created = moddle.create('bpmn:ExtensionElements', { values: [] });
    (element as Record<string, unknown>).extensionElements = created;
    return created;
  };
  const pushExtension = (element: ModdleElement, extension: ModdleElement) => {
    const holder = extensionsHolder(element);
    (holder as Record<string, unknown>).values = [...listOf(holder, 'values'), extension];
  };

  const [settings] = extensionsOf(process, PROCESS_SETTINGS_TYPE);
  const settingsElement = settings ?? moddle.create(PROCESS_SETTINGS_TYPE, {});
  const writable = settingsElement as Record<string, unknown>;
  if (binding.model && !writable.model) writable.model = binding.model;
  if (binding.action && !writable.action) writable.action = binding.action;
  if (!settings && (binding.model || binding.action)) pushExtension(process, settingsElement);

  for (const task of userTasks(definitions)) {
    const rules = binding.approvers.get(String(task.id));
    if (!rules?.length) continue;
    const [approval] = extensionsOf(task, APPROVAL_TYPE);
    if (approval && listOf(approval, 'approvers').length > 0) continue;
    const approvers = rules.map((rule) =>
      moddle.create('ipdesk:Approver', { kind: rule.kind, values: rule.values.join(',') }),
    );
    if (approval) (approval as Record<string, unknown>).approvers = approvers;
    else pushExtension(task, moddle.create(APPROVAL_TYPE, { approvers }));
  }
  return (await moddle.toXML(definitions, { format: true })).xml;
}
