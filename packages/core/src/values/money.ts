// Money: an amount in an ISO 4217 currency, written once for every side (checks, formatting, import
// and export cells). On the wire a money value is `{ "amount": "1234.50", "currency": "CNY" }`: the
// amount a decimal string (a JSON number would lose cents past 2^53 and invites float arithmetic), with
// at most the currency's minor units and answered with exactly them; the currency an upper-case code
// from MONEY_CURRENCIES. The server stores the amount in a numeric column (searched, sorted and compared in
// iql by amount) and the code beside it (docs/models.md "Money").
import type { Language, MessageKey, TranslateParams } from '../i18n/index.js';

export interface MoneyValue {
  /** A decimal string: optional minus, digits, optional point and at most the currency's minor units. */
  amount: string;
  /** ISO 4217 code. */
  currency: string;
}

/** Currencies a money value may be in, with their minor units (ISO 4217): the offices' and common ones. */
export const MONEY_CURRENCIES = {
  CNY: 2,
  USD: 2,
  EUR: 2,
  JPY: 0,
  KRW: 0,
  GBP: 2,
  HKD: 2,
  TWD: 2,
  MOP: 2,
  SGD: 2,
  AUD: 2,
  CAD: 2,
  CHF: 2,
  INR: 2,
  RUB: 2,
  BRL: 2,
  MXN: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  NZD: 2,
  ZAR: 2,
  THB: 2,
  MYR: 2,
  VND: 0,
  IDR: 2,
  PHP: 2,
  AED: 2,
  SAR: 2,
  ILS: 2,
  TRY: 2,
  PLN: 2,
  KWD: 3,
  BHD: 3,
} as const satisfies Record<string, number>;
export type CurrencyCode = keyof typeof MONEY_CURRENCIES;

export function isCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.hasOwn(MONEY_CURRENCIES, code);
}

/** Digits a currency's amounts have after the point (2 for CNY, 0 for JPY, 3 for KWD). */
export function minorUnits(currency: CurrencyCode): number {
  return MONEY_CURRENCIES[currency];
}

/** Up to 15 whole digits: within numeric, and exact through Intl and JSON numbers for formatting. */
const AMOUNT = /^-?(\d{1,15})(?:\.(\d+))?$/;

export type MoneyCheck = { ok: true; value: MoneyValue } | { ok: false; key: MessageKey; params?: TranslateParams };

/** The limits a money field may declare: a range on the amount. */
export interface MoneyLimits {
  min?: number;
  max?: number;
}

/**
 * A money value as a caller sends it, checked and put into its stored form: the currency known, the
 * amount a decimal with no more decimals than the currency has (padded to exactly them: "5" CNY is
 * "5.00"), within the field's range.
 */
export function checkMoney(value: unknown, limits: MoneyLimits = {}): MoneyCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, key: 'validation.invalidType', params: { expected: 'money' } };
  const { amount, currency } = value as Record<string, unknown>;
  if (Object.keys(value).some((key) => key !== 'amount' && key !== 'currency'))
    return { ok: false, key: 'validation.invalidType', params: { expected: 'money' } };
  if (!isCurrency(currency)) return { ok: false, key: 'validation.currency' };
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  const match = typeof text === 'string' ? AMOUNT.exec(text.trim()) : null;
  if (!match) return { ok: false, key: 'validation.moneyAmount' };
  const units = minorUnits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > units) return { ok: false, key: 'validation.moneyPrecision', params: { digits: units } };
  const number = Number(text);
  if (limits.min !== undefined && number < limits.min)
    return { ok: false, key: 'validation.tooSmall.number', params: { minimum: limits.min } };
  if (limits.max !== undefined && number > limits.max)
    return { ok: false, key: 'validation.tooBig.number', params: { maximum: limits.max } };
  const whole = (text as string)
    .trim()
    .split('.')[0]!
    .replace(/^(-?)0+(?=\d)/, '$1');
  const signed = units === 0 ? whole : `${whole}.${fraction.padEnd(units, '0')}`;
  // Minus zero is zero.
  const stored = /^-0(\.0+)?$/.test(signed) ? signed.slice(1) : signed;
  return { ok: true, value: { amount: stored, currency } };
}

const LOCALES: Record<Language, string> = { 'zh-CN': 'zh-CN', en: 'en-US' };

/**
 * A money value for reading, in the reader's language: "¥1,234.50" / "CN¥1,234.50", "US$12.00" in
 * zh-CN; the currency's own minor units. The amount goes to Intl as its decimal string, never through a
 * float, so no cent is rounded away.
 */
export function formatMoney(value: MoneyValue, language: Language): string {
  if (!isCurrency(value.currency)) return `${value.currency} ${value.amount}`;
  const units = minorUnits(value.currency);
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: value.currency,
    minimumFractionDigits: units,
    maximumFractionDigits: units,
  }).format(value.amount as `${number}`);
}

/** A money value as one spreadsheet cell: "CNY 1234.50" (code, one space, the amount without grouping). */
export function moneyCell(value: MoneyValue): string {
  return `${value.currency} ${value.amount}`;
}

/**
 * A spreadsheet cell back to a money value: "CNY 1234.50", "CNY1234.5" or "1234.50 CNY" (the code in
 * either place, any spaces, grouping commas dropped); undefined when there is no code and amount.
 */
export function parseMoneyCell(text: string): { amount: string; currency: string } | undefined {
  const compact = text.trim().replace(/,/g, '');
  const match = /^([A-Za-z]{3})\s*(-?[\d.]+)$/.exec(compact) ?? /^(-?[\d.]+)\s*([A-Za-z]{3})$/.exec(compact);
  if (!match) return undefined;
  const [first, second] = [match[1]!, match[2]!];
  const codeFirst = /^[A-Za-z]{3}$/.test(first);
  return { currency: (codeFirst ? first : second).toUpperCase(), amount: codeFirst ? second : first };
}

/** A money value read from anywhere (a row, a form): the object with a string amount and a code, else undefined. */
export function asMoney(value: unknown): MoneyValue | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { amount, currency } = value as Record<string, unknown>;
  return typeof amount === 'string' && typeof currency === 'string' ? { amount, currency } : undefined;
}
