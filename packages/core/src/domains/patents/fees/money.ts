// Money arithmetic for fees: reductions and surcharges are computed in integer minor units and
// rounded half up once, so 900 × (1 − 0.85) is 135 and not 134.99999999999997.
import type { Currency } from './types.js';

/**
 * Decimals kept per currency. CNY is kept in whole yuan: every CNIPA fee and every reduced or
 * surcharged annuity of the tables is a whole number of yuan, and the office's fee lists are in yuan.
 * USD and EUR keep cents; JPY has no minor unit.
 */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = { CNY: 0, USD: 2, EUR: 2, JPY: 0 };

const SCALE: Readonly<Record<Currency, number>> = { CNY: 1, USD: 100, EUR: 100, JPY: 1 };

/** Rates are taken to basis points (0.85 → 8500), enough for every rate of the packs. */
function basisPoints(rate: number): number {
  return Math.round(rate * 10_000);
}

/** Whole minor units, reading 1.005 USD as 100.5 cents (not 100.49999…) before rounding half up. */
function toMinor(amount: number, scale: number): number {
  const minor = amount * scale;
  return Number.isInteger(minor) ? minor : Math.round(Number(minor.toPrecision(15)));
}

/** Round an amount to the currency's minor unit, half up. */
export function roundMoney(amount: number, currency: Currency): number {
  const scale = SCALE[currency];
  return toMinor(amount, scale) / scale;
}

/** `amount` × `rate`, rounded half up to the currency's minor unit. */
export function shareOf(amount: number, rate: number, currency: Currency): number {
  const scale = SCALE[currency];
  return Math.round((toMinor(amount, scale) * basisPoints(rate)) / 10_000) / scale;
}

/** What remains of `amount` after `rate` off, rounded half up (the payer pays the rounded rest). */
export function afterReduction(amount: number, rate: number, currency: Currency): number {
  return rate > 0 ? shareOf(amount, 1 - rate, currency) : roundMoney(amount, currency);
}
