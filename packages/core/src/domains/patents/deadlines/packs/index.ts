// All deadline rule packs, one per office, and the pick of the pack for a case's office.
import type { RulePack } from '../types.js';
import { CN_RULE_PACK } from './cn.js';
import { EP_RULE_PACK } from './ep.js';
import { JP_RULE_PACK } from './jp.js';
import { US_RULE_PACK } from './us.js';
import { WO_RULE_PACK } from './wo.js';

export { CN_RULE_PACK, EP_RULE_PACK, JP_RULE_PACK, US_RULE_PACK, WO_RULE_PACK };
export { PCT_31_MONTH_OFFICES, pctNationalPhaseMonths } from './wo.js';

export const RULE_PACKS: readonly RulePack[] = [CN_RULE_PACK, US_RULE_PACK, EP_RULE_PACK, JP_RULE_PACK, WO_RULE_PACK];

/** The pack for an office (the latest version when several are given), or undefined when none. */
export function pickPack(packs: readonly RulePack[], office: string): RulePack | undefined {
  let best: RulePack | undefined;
  for (const pack of packs) {
    if (pack.office !== office) continue;
    if (!best || pack.effectiveFrom > best.effectiveFrom) best = pack;
  }
  return best;
}
