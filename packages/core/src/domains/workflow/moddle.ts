// The ipdesk BPMN extension: our process settings as extension elements in their own namespace, so the
// XML stays standard BPMN 2.0 that any modeler opens (unknown extensions are kept, not lost). The same
// descriptor is given to bpmn-moddle here and to bpmn-js in the designer (moddleExtensions.ipdesk).
// @ts-expect-error bpmn-moddle 10 types its element shapes but not its entry point
import { BpmnModdle as UntypedBpmnModdle } from 'bpmn-moddle';

export const IPDESK_NAMESPACE_URI = 'http://ipdesk.cn/schema/bpmn/1.0';
export const IPDESK_PREFIX = 'ipdesk';

const attr = (name: string, type: 'String' | 'Boolean') => ({ name, isAttr: true, type });

/** Where a listener may sit: the process, plain events, user tasks and gateways. */
const LISTENER_HOSTS = [
  'bpmn:Process',
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
];

/**
 * The moddle package of the ipdesk namespace. Lists (approveUsers, approveRoles, Approver values) are
 * comma-separated attributes: sids, role codes and field names never contain commas, and attributes
 * keep the XML readable in any modeler. Numbers are declared as strings and parsed by us: moddle's own
 * Integer would read "3.5" as 3 and "x" as NaN, losing what the designer has to be told about.
 */
export const ipdeskModdleDescriptor = {
  name: 'IPDesk',
  uri: IPDESK_NAMESPACE_URI,
  prefix: IPDESK_PREFIX,
  associations: [],
  types: [
    {
      name: 'ProcessSettings',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:Process'] },
      properties: [
        attr('model', 'String'),
        attr('action', 'String'),
        attr('form', 'String'),
        attr('serialNumber', 'String'),
        attr('identityKey', 'String'),
        attr('scope', 'String'),
        attr('restartMode', 'String'),
        attr('processCategory', 'String'),
        attr('invoiceStatus', 'String'),
        attr('approveUsers', 'String'),
        attr('approveRoles', 'String'),
        attr('approveUserField', 'String'),
      ],
    },
    {
      name: 'Approval',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask'] },
      properties: [
        attr('voteSignMode', 'String'),
        attr('levelApprove', 'String'),
        attr('repeatedMode', 'String'),
        attr('emptyApprovers', 'String'),
        attr('freeJump', 'Boolean'),
        attr('addSign', 'Boolean'),
        attr('dueHours', 'String'),
        attr('remindHours', 'String'),
        attr('variable', 'String'),
        { name: 'approvers', type: 'Approver', isMany: true },
        { name: 'cc', type: 'Cc', isMany: true },
        { name: 'fieldAccess', type: 'FieldAccess', isMany: true },
      ],
    },
    { name: 'Approver', properties: [attr('kind', 'String'), attr('values', 'String')] },
    { name: 'Cc', properties: [attr('kind', 'String'), attr('values', 'String')] },
    { name: 'FieldAccess', properties: [attr('field', 'String'), attr('access', 'String')] },
    {
      name: 'Listener',
      superClass: ['Element'],
      meta: { allowedIn: LISTENER_HOSTS },
      properties: [attr('event', 'String'), attr('name', 'String'), attr('phase', 'String')],
    },
  ],
} as const;

/**
 * A model element as bpmn-moddle builds it: its type, its parent, and its properties by name. Typed
 * loosely on purpose: the reading code checks every property it uses, because the XML is user input.
 */
export interface ModdleElement {
  readonly $type: string;
  readonly $parent?: ModdleElement;
  $instanceOf(type: string): boolean;
  readonly id?: string;
  readonly name?: string;
  readonly [property: string]: unknown;
}

export interface ModdleParseResult {
  rootElement: ModdleElement;
  warnings: Array<{ message: string }>;
}

export interface ProcessModdle {
  fromXML(xml: string): Promise<ModdleParseResult>;
  toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
  /** A new element of a known type (`ipdesk:Approval`, `bpmn:ExtensionElements`), with its properties. */
  create(type: string, properties?: Record<string, unknown>): ModdleElement;
}

/** A bpmn-moddle instance that knows the ipdesk namespace. */
export function createProcessModdle(): ProcessModdle {
  // The library's constructor is untyped; ProcessModdle is the part of its API this code relies on.
  const Moddle = UntypedBpmnModdle as new (packages: object) => ProcessModdle;
  return new Moddle({ [IPDESK_PREFIX]: ipdeskModdleDescriptor });
}

/** The elements of a many-valued property (absent, or not a list, reads as empty). */
export function listOf(element: ModdleElement | undefined, property: string): ModdleElement[] {
  const value = element?.[property];
  return Array.isArray(value) ? (value as ModdleElement[]) : [];
}

/** A single-valued property holding an element. */
export function elementOf(element: ModdleElement | undefined, property: string): ModdleElement | undefined {
  const value = element?.[property];
  return typeof value === 'object' && value !== null && '$type' in value ? (value as ModdleElement) : undefined;
}

/** The ipdesk extension elements of the given type on an element, in document order. */
export function extensionsOf(element: ModdleElement, type: string): ModdleElement[] {
  return listOf(elementOf(element, 'extensionElements'), 'values').filter((value) => value.$type === type);
}

/** The executable process of a diagram: the first bpmn:Process (only one per definition is supported). */
export function executableProcess(definitions: ModdleElement): ModdleElement | undefined {
  return listOf(definitions, 'rootElements').find((root) => root.$type === 'bpmn:Process');
}
