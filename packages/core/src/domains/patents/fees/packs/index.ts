// The built-in fee rule packs and the choice of a pack for an office. Packs are versioned: a new fee
// list becomes a new pack version with a later effectiveFrom, and older versions stay for audit.
import type { IsoDate } from '../../period.js';
import type { FeeRulePack } from '../types.js';
import { CN_FEE_PACK } from './cn.js';
import { EP_FEE_PACK } from './ep.js';
import { JP_FEE_PACK } from './jp.js';
import { US_FEE_PACK } from './us.js';

export { CN_FEE_PACK, EP_FEE_PACK, JP_FEE_PACK, US_FEE_PACK };

export const FEE_PACKS: readonly FeeRulePack[] = [CN_FEE_PACK, US_FEE_PACK, EP_FEE_PACK, JP_FEE_PACK];

/**
 * The pack of `office` with the latest effectiveFrom (on or before `asOf` when given), or undefined
 * when the office has none. Versions with the same effectiveFrom: the one listed last wins.
 */
export function pickFeePack(packs: readonly FeeRulePack[], office: string, asOf?: IsoDate): FeeRulePack | undefined {
  let best: FeeRulePack | undefined;
  for (const pack of packs) {
    if (pack.office !== office) continue;
    if (asOf !== undefined && pack.effectiveFrom > asOf) continue;
    if (!best || pack.effectiveFrom >= best.effectiveFrom) best = pack;
  }
  return best;
}
