// Inventors of a case with their contribution shares (spec §5 "Inventor contributions must sum to 100").
// Shares are percentages with at most two decimals, compared in hundredths so 33.33 + 33.33 + 33.34 is
// exactly 100 and 0.1 + 0.2 never goes wrong. The same check runs in the form and on the server.

export interface InventorInput {
  name: string;
  /** Percent, 0 < c ≤ 100, at most two decimals (a number, or its text as a form holds it). */
  contribution: number | string;
  /** The person record, for internal inventors; absent for outside inventors. */
  person_sid?: string | null;
}

export type InventorProblem =
  | { code: 'nameRequired'; index: number }
  | { code: 'contributionRange'; index: number }
  | { code: 'contributionDecimals'; index: number }
  | { code: 'duplicatePerson'; index: number }
  | { code: 'sumNot100'; sum: string };

export const MAX_INVENTORS = 100;
export const INVENTOR_NAME_MAX_LENGTH = 100;
const HUNDRED_PERCENT = 10_000;

/** A share in hundredths of a percent, or undefined when it is no number with at most two decimals. */
export function contributionHundredths(value: number | string): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Hundredths as the percentage people write: 9999 → "99.99", 10000 → "100", 9990 → "99.9". */
export function formatHundredths(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const cents = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return cents ? `${whole}.${cents}` : String(whole);
}

/** The sum of the shares that are valid numbers, in hundredths. */
export function contributionSum(inventors: readonly Pick<InventorInput, 'contribution'>[]): number {
  return inventors.reduce((sum, inventor) => sum + (contributionHundredths(inventor.contribution) ?? 0), 0);
}

/**
 * What is wrong with a list of inventors, row problems first, then the sum. An empty list is fine: a
 * case need not record its inventors, but once it does, their shares add up to exactly 100.
 */
export function checkContributions(inventors: readonly InventorInput[]): InventorProblem[] {
  const problems: InventorProblem[] = [];
  const persons = new Set<string>();
  inventors.forEach((inventor, index) => {
    if (inventor.name.trim() === '') problems.push({ code: 'nameRequired', index });
    const negative = typeof inventor.contribution === 'number' && inventor.contribution < 0;
    const hundredths = contributionHundredths(inventor.contribution);
    if (hundredths === undefined && !negative && /^\d+\.\d{3,}$/.test(String(inventor.contribution).trim()))
      problems.push({ code: 'contributionDecimals', index });
    else if (hundredths === undefined || hundredths <= 0 || hundredths > HUNDRED_PERCENT)
      problems.push({ code: 'contributionRange', index });
    const person = inventor.person_sid;
    if (person) {
      if (persons.has(person)) problems.push({ code: 'duplicatePerson', index });
      persons.add(person);
    }
  });
  const sum = contributionSum(inventors);
  if (inventors.length > 0 && sum !== HUNDRED_PERCENT) problems.push({ code: 'sumNot100', sum: formatHundredths(sum) });
  return problems;
}
