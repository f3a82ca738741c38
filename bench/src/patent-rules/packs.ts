// The "rule pack change" the benchmark recomputes for: copies of the built-in CN packs as a new version
// would ship them — the first office-action reply period one month longer, and one band of invention
// annuities dearer. Built from the packs in the code, so it follows them when they change.
import type { Packs } from '../../../packages/server/dist/domains/patents/compute.js';

export interface PackChange {
  packs: Packs;
  /** What differs from the built-in packs, for the report. */
  changes: string[];
}

const REPLY_RULE = 'CN-OA-REPLY-FIRST';
const ANNUITY_RULE = 'CN-ANNUITY-INV';
const ANNUITY_BAND_FIRST_YEAR = 10;
const ANNUITY_INCREASE = 1.1;

export function changedCnPacks(builtIn: Packs): PackChange {
  const changes: string[] = [];
  const deadlines = builtIn.deadlines.map((pack) => {
    if (pack.office !== 'CN') return pack;
    const rules = pack.rules.map((rule) => {
      if (rule.code !== REPLY_RULE || rule.offset.months === undefined) return rule;
      changes.push(`${rule.code}: ${rule.offset.months} → ${rule.offset.months + 1} months`);
      return { ...rule, offset: { ...rule.offset, months: rule.offset.months + 1 } };
    });
    changes.push(`deadline pack ${pack.version} → ${pack.version}-bench`);
    return { ...pack, version: `${pack.version}-bench`, rules };
  });
  const fees = builtIn.fees.map((pack) => {
    if (pack.office !== 'CN') return pack;
    const rules = pack.rules.map((rule) => {
      if (rule.code !== ANNUITY_RULE) return rule;
      const amounts = rule.amounts.map((row) => {
        if (row.years[0] !== ANNUITY_BAND_FIRST_YEAR) return row;
        const amount = Math.round(row.amount * ANNUITY_INCREASE);
        changes.push(`${rule.code} years ${row.years.join('–')}: ${row.amount} → ${amount} ${pack.currency}`);
        return { ...row, amount };
      });
      return { ...rule, amounts };
    });
    changes.push(`fee pack ${pack.version} → ${pack.version}-bench`);
    return { ...pack, version: `${pack.version}-bench`, rules };
  });
  if (changes.length < 4)
    throw new Error(`The CN packs no longer have what the benchmark changes: ${changes.join('; ')}`);
  return { packs: { deadlines, fees }, changes };
}
