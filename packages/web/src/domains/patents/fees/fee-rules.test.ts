// Money in the fee's currency, reductions, the tags, and what a payment sends.
import { describe, expect, it } from 'vitest';
import {
  decisionLabel,
  feeStatusTag,
  isOpenFee,
  moneyText,
  paymentData,
  reductionText,
  suggestedPayment,
} from './fee-rules';

describe('fee rules', () => {
  it('writes money with the currency and its decimals, text from numeric columns included', () => {
    expect(moneyText(900, 'CNY', 'en')).toBe('CN¥900.00');
    expect(moneyText('1600.5', 'USD', 'en')).toBe('$1,600.50');
    expect(moneyText(12000, 'JPY', 'en')).toBe('¥12,000');
    expect(moneyText(null, 'CNY', 'en')).toBe('—');
    expect(moneyText(5, 'XX1', 'en')).toBe('5 XX1');
    expect(moneyText(5, null, 'zh-CN')).toBe('5');
  });

  it('writes a reduction as a percentage', () => {
    expect(reductionText(0.85)).toBe('85%');
    expect(reductionText(0.7)).toBe('70%');
    expect(reductionText(0)).toBe('—');
  });

  it('knows the status and decision tags, and nothing else', () => {
    expect(feeStatusTag('paid')?.labelKey).toBe('patentFees.status.paid');
    expect(feeStatusTag('constructor')).toBeUndefined();
    expect(decisionLabel('abandon')).toBe('patentFees.decision.abandon');
    expect(decisionLabel(null)).toBeUndefined();
    expect(isOpenFee({ status: 'unpaid' })).toBe(true);
    expect(isOpenFee({ status: 'paid' })).toBe(false);
    expect(isOpenFee(null)).toBe(false);
  });

  it("sends a payment as the pay action's values (the action makes the fee paid), with an empty reference as null", () => {
    expect(paymentData({ paid_date: '2026-03-01', paid_amount: 900, payment_reference: '  ' })).toEqual({
      paid_date: '2026-03-01',
      paid_amount: 900,
      payment_reference: null,
    });
    expect(
      paymentData({ paid_date: '2026-03-01', paid_amount: 900, payment_reference: ' R-1 ' }).payment_reference,
    ).toBe('R-1');
  });

  it('suggests the amount due plus any surcharge', () => {
    expect(suggestedPayment({ amount: '900.00', surcharge: '45.00' })).toBe(945);
    expect(suggestedPayment({ amount: 900, surcharge: null })).toBe(900);
    expect(suggestedPayment({ amount: null, surcharge: null })).toBeUndefined();
  });
});
