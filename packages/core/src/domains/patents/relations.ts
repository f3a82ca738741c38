// Relations between two cases (family, Paris priority, PCT and Hague routes, US continuations,
// divisionals) and the checks of spec §5 "Relation checks between cases": one hard error (a case is not
// related to itself) and warnings the user may confirm. Shared by the add-relation dialog and the server.
import type { MessageKey } from '../../i18n/index.js';
import type { Label } from '../../models/define.js';

export const RELATION_TYPES = ['FAMILY', 'PARIS', 'PCT', 'PCTA', 'HAGUE', 'HAGUEP', 'CA', 'CIP', 'DIV'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** What the parent and the child of each relation are. */
export const RELATION_TYPE_LABELS: Record<RelationType, Label> = {
  FAMILY: { zh: '同族', en: 'Family member' },
  PARIS: { zh: '巴黎公约优先权', en: 'Paris priority' },
  PCT: { zh: 'PCT 国际申请（要求优先权）', en: 'PCT international filing' },
  PCTA: { zh: 'PCT 国家/地区阶段', en: 'PCT national phase' },
  HAGUE: { zh: '海牙国际申请', en: 'Hague international filing' },
  HAGUEP: { zh: '海牙指定国', en: 'Hague designation' },
  CA: { zh: '继续申请（美国）', en: 'Continuation (US)' },
  CIP: { zh: '部分继续申请（美国）', en: 'Continuation-in-part (US)' },
  DIV: { zh: '分案申请', en: 'Divisional' },
};

export const RELATION_WARNINGS = [
  'parentFiledAfterChild',
  'familyMismatch',
  'parisSameCountry',
  'parisWo',
  'countryMustMatch',
  'continuationNotUs',
  'pctParentWo',
  'pctChildNotWo',
  'pctaParentNotWo',
  'pctaChildWo',
  'hagueParentWo',
  'hagueChildNotWo',
  'haguepParentNotWo',
  'haguepChildWo',
] as const;
export type RelationWarning = (typeof RELATION_WARNINGS)[number];

export const RELATION_ERRORS = ['sameCase'] as const;
export type RelationError = (typeof RELATION_ERRORS)[number];

/** What the checks read of each case. */
export interface RelationCase {
  sid: string;
  /** Office code; PCT international applications and Hague international registrations are 'WO'. */
  country: string;
  /** YYYY-MM-DD. */
  filingDate?: string | null;
  familyId?: string | null;
  patentType?: string | null;
}

export interface RelationCheck {
  errors: RelationError[];
  warnings: RelationWarning[];
}

/*
 * The international phase of both the PCT and the Hague system lives at WIPO: we file a Hague
 * international registration under the office 'WO', as a PCT international application is, so
 * HAGUE/HAGUEP follow the PCT/PCTA rules word for word (spec: "The same rules apply for HAGUE and
 * HAGUEP"). The offices list has no separate Hague code, and WIPO is the office of both.
 */
const INTERNATIONAL = 'WO';

/** The relations whose parent is national and child international, and the reverse ones. */
const TO_INTERNATIONAL: Partial<Record<RelationType, { parent: RelationWarning; child: RelationWarning }>> = {
  PCT: { parent: 'pctParentWo', child: 'pctChildNotWo' },
  HAGUE: { parent: 'hagueParentWo', child: 'hagueChildNotWo' },
};
const FROM_INTERNATIONAL: Partial<Record<RelationType, { parent: RelationWarning; child: RelationWarning }>> = {
  PCTA: { parent: 'pctaParentNotWo', child: 'pctaChildWo' },
  HAGUEP: { parent: 'haguepParentNotWo', child: 'haguepChildWo' },
};

/** Relations whose two cases must be at the same office (spec: "The country must be the same where required"). */
const SAME_OFFICE: ReadonlySet<RelationType> = new Set(['DIV', 'CA', 'CIP']);
/** Continuations exist in US law only (spec: "Only US accepts CA/CIP"). */
const US_ONLY: ReadonlySet<RelationType> = new Set(['CA', 'CIP']);

/** The i18n key of a problem's message (every code has one: a missing key fails type-checking). */
export function relationProblemKey(code: RelationWarning | RelationError): MessageKey {
  return `patentRelation.problem.${code}`;
}

export function isRelationType(value: unknown): value is RelationType {
  return typeof value === 'string' && (RELATION_TYPES as readonly string[]).includes(value);
}

export function checkRelation(type: RelationType, parent: RelationCase, child: RelationCase): RelationCheck {
  if (parent.sid === child.sid) return { errors: ['sameCase'], warnings: [] };
  const warnings: RelationWarning[] = [];
  const parentOffice = parent.country.trim().toUpperCase();
  const childOffice = child.country.trim().toUpperCase();

  /*
   * Spec §5 says "The parent's filing date must be later than the child's". Read literally it is
   * backwards for every relation here: a priority application, the parent of a continuation or a
   * divisional, and the international application of a national phase are all filed before (or, for
   * divisionals and national phases that keep the parent's date, on the same day as) their child.
   * So we warn when the parent was filed after the child, and say nothing when either date is unknown.
   */
  if (parent.filingDate && child.filingDate && parent.filingDate > child.filingDate)
    warnings.push('parentFiledAfterChild');

  // "Family must match": only when both cases name their family; an unset family is not a mismatch.
  const parentFamily = parent.familyId?.trim();
  const childFamily = child.familyId?.trim();
  if (parentFamily && childFamily && parentFamily !== childFamily) warnings.push('familyMismatch');

  if (type === 'PARIS') {
    if (parentOffice === childOffice) warnings.push('parisSameCountry');
    if (parentOffice === INTERNATIONAL || childOffice === INTERNATIONAL) warnings.push('parisWo');
  }
  if (SAME_OFFICE.has(type) && parentOffice !== childOffice) warnings.push('countryMustMatch');
  if (US_ONLY.has(type) && (parentOffice !== 'US' || childOffice !== 'US')) warnings.push('continuationNotUs');

  const outward = TO_INTERNATIONAL[type];
  if (outward) {
    if (parentOffice === INTERNATIONAL) warnings.push(outward.parent);
    if (childOffice !== INTERNATIONAL) warnings.push(outward.child);
  }
  const inward = FROM_INTERNATIONAL[type];
  if (inward) {
    if (parentOffice !== INTERNATIONAL) warnings.push(inward.parent);
    if (childOffice === INTERNATIONAL) warnings.push(inward.child);
  }
  return { errors: [], warnings };
}
