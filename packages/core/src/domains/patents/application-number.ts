// Application numbers checked by the office's own format (spec §5, patents issue): CN and EP numbers
// also by their check digit, the other main offices by format only, any other office permissively.
// Each rule names its source; where we could not source a rule we check the format and say so.
import type { RecordIssue } from '../../models/define.js';
import type { PatentType } from './case-facts.js';

export type ApplicationNumberProblem = 'format' | 'checkDigit';

export type ApplicationNumberCheck =
  { ok: true; normalized: string } | { ok: false; problem: ApplicationNumberProblem; expected?: string };

/** Sum of digit × weight, position by position (both strings and weights left to right). */
function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % weights.length]!;
  return sum;
}

/*
 * CN (CNIPA), standard ZC 0006-2003 "专利申请号标准", in force from 2003-10-01 (sources: 6065bob.com/fagui/
 * 91224.html and embroidery-sz.com/baike/show.php?itemid=258; the weights and mod 11 from chengju.com/
 * wenhua/33720.html, cross-checked with a third-party validator; see shared/domain/patent-rules.md):
 * - from 2003-10-01: YYYY + type digit + 7-digit serial, "." check character;
 * - before: YY + type digit + 5-digit serial, "." check character.
 * Type digits: 1 invention, 2 utility model, 3 design, 8 PCT invention national phase, 9 PCT utility
 * model national phase. Check: Σ digit × weight mod 11, weights 2…9 (8-digit form) or 2…9, 2…5
 * (12-digit form); a remainder of 10 is written "X". Recomputed, it matches 2012206876330,
 * 2013106997442, 95115608.X, 90101673.X and 97101765.4.
 */
const CN_WEIGHTS = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5] as const;
const CN_TYPE_DIGITS = new Set(['1', '2', '3', '8', '9']);

export function cnCheckCharacter(body: string): string {
  const remainder = weightedSum(body, CN_WEIGHTS) % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

function checkCn(raw: string): ApplicationNumberCheck {
  // "CN" (office) or "ZL" (专利, as granted patents are cited) may precede the number; spaces are common.
  const compact = raw
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/^(CN|ZL)/, '');
  const match = /^(\d{8}|\d{12})(?:\.?([0-9X]))?$/.exec(compact);
  if (!match) return { ok: false, problem: 'format' };
  const body = match[1]!;
  const long = body.length === 12;
  const year = Number(long ? body.slice(0, 4) : body.slice(0, 2));
  const type = body[long ? 4 : 2]!;
  // 12-digit numbers began in 2003; 8-digit ones cover the patent law's start (1985) up to 2003.
  const yearOk = long ? year >= 2003 : year >= 85 || year <= 3;
  if (!yearOk || !CN_TYPE_DIGITS.has(type)) return { ok: false, problem: 'format' };
  const expected = cnCheckCharacter(body);
  // Without its check character the number is incomplete: say which one belongs there.
  if (match[2] === undefined) return { ok: false, problem: 'format', expected };
  if (match[2] !== expected) return { ok: false, problem: 'checkDigit', expected };
  return { ok: true, normalized: `${body}.${expected}` };
}

/*
 * EP (EPO): 8 digits, YY + six (2002 on) or place-of-filing + serial digits (before), then an optional
 * "." check digit (EPO Guidelines A-II 1.7; WIPO's formatting regex `^(EP)\s?(\d{8})\.?(\d)$`).
 * Check digit, as the EPO's OPS support states it (forums.epo.org, "EP application number check digit
 * algorithm", 2022-01-17): multiply the digits by 1, 2, 1, 2 …, add the digits of the products, and
 * subtract the sum's last digit from 10. Recomputed, it matches 99403122.7 (the EPO's example),
 * 15150367.9 and 99203729.1 (EPO register numbers quoted on the same forum). A sum ending in 0 gives 0
 * (10 − 0 taken mod 10): our reading, as the source has no such example.
 */
export function epCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const product = Number(body[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return String((10 - (sum % 10)) % 10);
}

function checkEp(raw: string): ApplicationNumberCheck {
  const compact = raw.replace(/\s+/g, '').toUpperCase().replace(/^EP/, '');
  const match = /^(\d{8})(?:\.(\d))?$/.exec(compact);
  if (!match) return { ok: false, problem: 'format' };
  const body = match[1]!;
  if (match[2] === undefined) return { ok: true, normalized: body };
  const expected = epCheckDigit(body);
  if (match[2] !== expected) return { ok: false, problem: 'checkDigit', expected };
  return { ok: true, normalized: `${body}.${expected}` };
}

/*
 * US (USPTO): a two-digit series code and a six-digit serial (MPEP 503), written 16/123,456; provisional
 * applications have series 60–63, designs 29. Format only: the USPTO number has no check digit, and
 * we do not restrict the series codes (we could not source a complete list).
 */
function checkUs(raw: string): ApplicationNumberCheck {
  const compact = raw.replace(/\s+/g, '').toUpperCase().replace(/^US/, '');
  const match = /^(\d{2})\/?(\d{3}),?(\d{3})$/.exec(compact);
  if (!match) return { ok: false, problem: 'format' };
  return { ok: true, normalized: `${match[1]}/${match[2]},${match[3]}` };
}

/*
 * JP (JPO): from 2000 the Western year and a six-digit serial, 特願2024-012345 (patent), 実願 (utility
 * model), 意願 (design); before 2000 the imperial year, 特願平11-123456 or H11-123456 (EPO "Numbering
 * system - Japan"). Format only: JPO application numbers carry no check digit.
 */
const JP_KINDS = ['特願', '実願', '意願'] as const;

function checkJp(raw: string): ApplicationNumberCheck {
  let rest = raw.replace(/\s+/g, '').replace(/^JP/i, '');
  const kind = JP_KINDS.find((k) => rest.startsWith(k)) ?? '';
  rest = rest.slice(kind.length);
  const western = /^(\d{4})-?(\d{6})$/.exec(rest);
  if (western && Number(western[1]) >= 2000) return { ok: true, normalized: `${kind}${western[1]}-${western[2]}` };
  // Imperial years: 昭和/S (Showa, to 64) and 平成/H (Heisei, to 11, as 2000 switched to Western years).
  const imperial = /^(昭|平|S|H)(\d{1,2})-(\d{1,6})$/i.exec(rest);
  if (imperial) {
    const era = { 昭: 'S', 平: 'H' }[imperial[1]!] ?? imperial[1]!.toUpperCase();
    const year = Number(imperial[2]);
    if (year >= 1 && year <= (era === 'S' ? 64 : 11))
      return { ok: true, normalized: `${kind}${era}${imperial[2]!.padStart(2, '0')}-${imperial[3]}` };
  }
  return { ok: false, problem: 'format' };
}

/*
 * KR (KIPO): from 1998/99 tt-yyyy-nnnnnnn, tt the type of right (10 patent, 20 utility model, 30 design,
 * 40 trade mark), e.g. 10-2023-0123456 (EPO "Numbering system - Korea"). Older numbers yyyy-nnnnnn(n) and
 * yy-nnnnnn(n) are accepted as written. Format only: no check digit.
 */
const KR_RIGHTS = new Set(['10', '20', '30', '40']);

function checkKr(raw: string): ApplicationNumberCheck {
  const compact = raw.replace(/\s+/g, '').toUpperCase().replace(/^KR/, '');
  const current = /^(\d{2})-?(\d{4})-?(\d{7})$/.exec(compact);
  if (current) {
    if (!KR_RIGHTS.has(current[1]!)) return { ok: false, problem: 'format' };
    return { ok: true, normalized: `${current[1]}-${current[2]}-${current[3]}` };
  }
  if (/^(\d{4}|\d{2})-\d{6,7}$/.test(compact)) return { ok: true, normalized: compact };
  return { ok: false, problem: 'format' };
}

/*
 * WO: PCT international applications, PCT/CC YYYY/NNNNNN from 2004 (before: PCT/CC YY/NNNNN), CC the
 * receiving office (WIPO's formatting regex `^(PCT)\/?(EP)(\d{4})\/?(\d{6})$`; PCT Newsletter 2003 on
 * the change of format). Hague international registrations, which we file under WO too (see
 * relations.ts), are numbered DM/NNNNNN (WIPO Hague Express). Format only: neither has a check digit.
 */
function checkWo(raw: string): ApplicationNumberCheck {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  const pct = /^PCT\/?([A-Z]{2})(\d{4}|\d{2})\/?(\d{5,6})$/.exec(compact);
  if (pct) {
    const [, office, year, serial] = pct;
    const fourDigits = year!.length === 4;
    // The long year goes with the six-digit serial, the short one with five.
    if (fourDigits !== (serial!.length === 6)) return { ok: false, problem: 'format' };
    return { ok: true, normalized: `PCT/${office}${year}/${serial}` };
  }
  const hague = /^DM\/?(\d{6})$/.exec(compact);
  if (hague) return { ok: true, normalized: `DM/${hague[1]}` };
  return { ok: false, problem: 'format' };
}

/**
 * Other offices: we know too little of their formats to refuse one, so anything that looks like a
 * number (a digit at least; letters, digits and the usual separators) passes as written.
 */
function checkOther(raw: string): ApplicationNumberCheck {
  const trimmed = raw.trim().replace(/\s+/g, ' ');
  if (!/\d/.test(trimmed) || !/^[\p{L}\p{N} ./,\-()]+$/u.test(trimmed)) return { ok: false, problem: 'format' };
  return { ok: true, normalized: trimmed };
}

const BY_OFFICE: Record<string, (raw: string) => ApplicationNumberCheck> = {
  CN: checkCn,
  EP: checkEp,
  US: checkUs,
  JP: checkJp,
  KR: checkKr,
  WO: checkWo,
};

/** The offices whose formats are checked strictly (the others permissively). */
export const CHECKED_OFFICES: readonly string[] = Object.keys(BY_OFFICE);

/** Checks an application number against the format of the office (country code) it was filed at. */
export function checkApplicationNumber(office: string, value: string): ApplicationNumberCheck {
  const check = BY_OFFICE[office.trim().toUpperCase()] ?? checkOther;
  if (value.trim() === '') return { ok: false, problem: 'format' };
  return check(value.trim());
}

/**
 * The patent model's rule across fields (ModelDeclaration.validate): the application number must fit
 * the case's office, told apart as a format problem or a wrong check digit. Empty numbers pass.
 */
export function applicationNumberIssues(values: Readonly<Record<string, unknown>>): RecordIssue[] {
  const number = values.application_number;
  const office = values.country;
  if (typeof number !== 'string' || number.trim() === '' || typeof office !== 'string' || office === '') return [];
  const result = checkApplicationNumber(office, number);
  if (result.ok) return [];
  return [
    {
      field: 'application_number',
      messageKey:
        result.problem === 'checkDigit'
          ? 'validation.applicationNumberCheckDigit'
          : 'validation.applicationNumberFormat',
      ...(result.problem === 'checkDigit' && result.expected ? { params: { expected: result.expected } } : {}),
    },
  ];
}

/**
 * The patent model's normalisation (ModelDeclaration.normalize): a number that fits a strictly checked
 * office is stored in that office's written form, so "2013100332996" and "201310033299.6" are one number
 * (for the duplicate warning too). Other offices' numbers and numbers that do not fit stay as typed (the
 * rule across fields then refuses the latter).
 */
export function normalizeApplicationNumber(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const number = values.application_number;
  const office = values.country;
  if (typeof number !== 'string' || number.trim() === '' || typeof office !== 'string') return {};
  if (!CHECKED_OFFICES.includes(office.trim().toUpperCase())) return {};
  const result = checkApplicationNumber(office, number);
  return result.ok && result.normalized !== number ? { application_number: result.normalized } : {};
}

/*
 * The patent type a CN number's type digit stands for (5th digit of the 12-digit form, 3rd of the
 * 8-digit one): 1 invention, 2 utility model, 3 design, 8 PCT invention in the national phase, 9 PCT
 * utility model in the national phase (ZC 0006-2003 as quoted at embroidery-sz.com/baike/show.php?
 * itemid=258; the same digits at chwang.com/ask/182660553824 and 191i.com/i/1310370875774597059.html:
 * secondary sources, consistent with each other). Other digits have no type here.
 */
const CN_TYPE_BY_DIGIT: Readonly<Record<string, PatentType>> = {
  '1': 'invention',
  '2': 'utility_model',
  '3': 'design',
  '8': 'invention',
  '9': 'utility_model',
};

/** The patent type a CN application number's type digit says, or undefined (not CN, or not a CN number). */
export function cnTypeOfNumber(office: string, number: string): PatentType | undefined {
  if (office.trim().toUpperCase() !== 'CN') return undefined;
  const result = checkApplicationNumber('CN', number);
  if (!result.ok) return undefined;
  const body = result.normalized.split('.')[0]!;
  return CN_TYPE_BY_DIGIT[body[body.length === 12 ? 4 : 2]!];
}

/** The type digit of a CN number contradicts the case's patent type: the type the digit says, else undefined. */
export function applicationNumberTypeConflict(
  office: string,
  number: string,
  patentType: string,
): PatentType | undefined {
  const said = cnTypeOfNumber(office, number);
  return said !== undefined && said !== patentType ? said : undefined;
}
