// The kinds a tenant's custom field may take (docs/models.md "Custom fields"), shared by the server that
// checks a definition and the admin dialog that offers them. A reference kind is offered only while its
// target exists (a declared model or a system table), so a custom field never points at nothing.
import type { MessageKey } from '../i18n/index.js';
import { FIELD_KINDS, KIND_SPECS, type FieldKind } from './field-kinds.js';

/** Reference targets that are tables of their own, not declared models (server platform/models/system-targets.ts). */
export const SYSTEM_TARGET_NAMES = ['user_info', 'company', 'organization'] as const;
export type SystemTargetName = (typeof SYSTEM_TARGET_NAMES)[number];

/** What an administrator picks: every field kind, plus `textarea` (a long text entered in a larger box). */
export const CUSTOM_KINDS = ['text', 'textarea', ...FIELD_KINDS.filter((kind) => kind !== 'text')] as [
  'text',
  'textarea',
  ...FieldKind[],
];
export type CustomKind = FieldKind | 'textarea';

/**
 * Kinds no custom field takes whatever is declared: an amount with its currency needs a column pair, a
 * cascade path a cascader dictionary's tree picker, and a parent is a child model's own declaration. File
 * kinds (design sample, figure) are offered: their uploads live in stored files (models/field-files.ts).
 */
const NOT_OFFERED: ReadonlySet<CustomKind> = new Set<CustomKind>(['currencyAmount', 'cascade', 'parent']);

/** The field kind a custom kind is stored and checked as. */
export function fieldKindOf(kind: CustomKind): FieldKind {
  return kind === 'textarea' ? 'longText' : kind;
}

/** A reference kind's target, when it has one (`applicant` → `applicant`, `user` → `user_info`). */
export function customKindTarget(kind: CustomKind): string | undefined {
  const spec = KIND_SPECS[fieldKindOf(kind)];
  return spec.dataType === 'ref' ? spec.target : undefined;
}

export type CustomKindAvailability = 'available' | 'notOffered' | 'noTarget';

/** Whether a custom field may be of this kind, given which targets exist. */
export function customKindAvailability(kind: CustomKind, hasTarget: (name: string) => boolean): CustomKindAvailability {
  if (NOT_OFFERED.has(kind)) return 'notOffered';
  const target = customKindTarget(kind);
  if (target !== undefined && !hasTarget(target)) return 'noTarget';
  return 'available';
}

/** The kinds offered, in the dialog's order. */
export function offeredCustomKinds(hasTarget: (name: string) => boolean): CustomKind[] {
  return CUSTOM_KINDS.filter((kind) => customKindAvailability(kind, hasTarget) === 'available');
}

/** Kinds that may hold several values: options (and the option-like category kinds) and references. */
export function customKindAllowsMultiple(kind: CustomKind): boolean {
  const dataType = KIND_SPECS[fieldKindOf(kind)].dataType;
  return dataType === 'key' || dataType === 'ref';
}

/** Option-like kinds: a dictionary's keys; `option` names its dictionary, the others have their own. */
export function customKindDictionary(kind: CustomKind): { required: boolean; default?: string } | undefined {
  const spec = KIND_SPECS[fieldKindOf(kind)];
  if (spec.dataType !== 'key') return undefined;
  return spec.target ? { required: false, default: spec.target } : { required: true };
}

/** Each kind's name in the admin dialog and in refusals (exhaustive: a new kind needs its label). */
export const CUSTOM_KIND_LABELS: Record<CustomKind, MessageKey> = {
  text: 'adminField.kind.text',
  textarea: 'adminField.kind.textarea',
  longText: 'adminField.kind.longText',
  number: 'adminField.kind.number',
  money: 'adminField.kind.money',
  currencyAmount: 'adminField.kind.currencyAmount',
  date: 'adminField.kind.date',
  timestamp: 'adminField.kind.timestamp',
  boolean: 'adminField.kind.boolean',
  option: 'adminField.kind.option',
  cascade: 'adminField.kind.cascade',
  productCategory: 'adminField.kind.productCategory',
  technologyCategory: 'adminField.kind.technologyCategory',
  techTerritory: 'adminField.kind.techTerritory',
  patternType: 'adminField.kind.patternType',
  user: 'adminField.kind.user',
  organization: 'adminField.kind.organization',
  applicant: 'adminField.kind.applicant',
  agent: 'adminField.kind.agent',
  agency: 'adminField.kind.agency',
  expert: 'adminField.kind.expert',
  company: 'adminField.kind.company',
  virtualOrg: 'adminField.kind.virtualOrg',
  project: 'adminField.kind.project',
  parent: 'adminField.kind.parent',
  invoice: 'adminField.kind.invoice',
  designSample: 'adminField.kind.designSample',
  figure: 'adminField.kind.figure',
};
