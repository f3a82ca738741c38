import { describe, expect, it } from 'vitest';
import { checkFieldValue } from '../models/check-values.js';
import { defineModel, field } from '../models/define.js';
import { checkMoney, formatMoney, minorUnits, moneyCell, parseMoneyCell, MONEY_CURRENCIES } from './money.js';

describe('checkMoney', () => {
  it('takes a known currency and an amount within its decimals, answered with exactly them', () => {
    expect(checkMoney({ amount: '1234.5', currency: 'CNY' })).toEqual({
      ok: true,
      value: { amount: '1234.50', currency: 'CNY' },
    });
    expect(checkMoney({ amount: '007', currency: 'JPY' })).toEqual({
      ok: true,
      value: { amount: '7', currency: 'JPY' },
    });
    expect(checkMoney({ amount: '0.125', currency: 'KWD' })).toEqual({
      ok: true,
      value: { amount: '0.125', currency: 'KWD' },
    });
    expect(checkMoney({ amount: '-0.00', currency: 'USD' })).toEqual({
      ok: true,
      value: { amount: '0.00', currency: 'USD' },
    });
    // A JSON number is taken as its decimal text.
    expect(checkMoney({ amount: 12.5, currency: 'EUR' })).toEqual({
      ok: true,
      value: { amount: '12.50', currency: 'EUR' },
    });
  });

  it('refuses unknown codes, too many decimals for the currency, bad amounts, other shapes and the range', () => {
    const key = (value: unknown, limits = {}) => {
      const checked = checkMoney(value, limits);
      return checked.ok ? undefined : [checked.key, checked.params];
    };
    expect(key({ amount: '1', currency: 'cny' })).toEqual(['validation.currency', undefined]);
    expect(key({ amount: '1', currency: 'XXX' })).toEqual(['validation.currency', undefined]);
    expect(key({ amount: '1.001', currency: 'CNY' })).toEqual(['validation.moneyPrecision', { digits: 2 }]);
    expect(key({ amount: '1.1', currency: 'JPY' })).toEqual(['validation.moneyPrecision', { digits: 0 }]);
    for (const amount of ['1e3', '', ' ', '1,000', '0x10', '1234567890123456', 'NaN', null])
      expect(key({ amount, currency: 'CNY' }), String(amount)).toEqual(['validation.moneyAmount', undefined]);
    for (const shape of [12, '12 CNY', [], null, { amount: '1', currency: 'CNY', note: 'x' }])
      expect(key(shape), JSON.stringify(shape)).toEqual(['validation.invalidType', { expected: 'money' }]);
    expect(key({ amount: '-1', currency: 'CNY' }, { min: 0 })).toEqual(['validation.tooSmall.number', { minimum: 0 }]);
    expect(key({ amount: '10.01', currency: 'CNY' }, { max: 10 })).toEqual([
      'validation.tooBig.number',
      { maximum: 10 },
    ]);
  });

  it('is the check of the money data type in checkValues', () => {
    expect(checkFieldValue({ dataType: 'money', multiple: false, min: 0 }, { amount: '5', currency: 'HKD' })).toEqual({
      ok: true,
      value: { amount: '5.00', currency: 'HKD' },
    });
    expect(checkFieldValue({ dataType: 'money', multiple: false, required: true }, null).ok).toBe(false);
  });

  it('knows minor units from ISO 4217', () => {
    expect(minorUnits('CNY')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('BHD')).toBe(3);
    for (const code of Object.keys(MONEY_CURRENCIES)) expect(code).toMatch(/^[A-Z]{3}$/);
  });
});

describe('formatMoney', () => {
  it('reads in the language with the currency’s decimals, never through a float', () => {
    expect(formatMoney({ amount: '1234.50', currency: 'CNY' }, 'zh-CN')).toBe('¥1,234.50');
    expect(formatMoney({ amount: '1234.50', currency: 'CNY' }, 'en')).toBe('CN¥1,234.50');
    expect(formatMoney({ amount: '12.00', currency: 'USD' }, 'zh-CN')).toBe('US$12.00');
    expect(formatMoney({ amount: '12.00', currency: 'USD' }, 'en')).toBe('$12.00');
    expect(formatMoney({ amount: '150000', currency: 'JPY' }, 'en')).toBe('¥150,000');
    // Beyond 2^53 a float would lose the cents.
    expect(formatMoney({ amount: '123456789012345.67', currency: 'CNY' }, 'zh-CN')).toBe('¥123,456,789,012,345.67');
  });
});

describe('money cells', () => {
  it('writes "CNY 1234.50" and reads either order', () => {
    expect(moneyCell({ amount: '1234.50', currency: 'CNY' })).toBe('CNY 1234.50');
    expect(parseMoneyCell('CNY 1234.50')).toEqual({ amount: '1234.50', currency: 'CNY' });
    expect(parseMoneyCell(' usd1,000 ')).toEqual({ amount: '1000', currency: 'USD' });
    expect(parseMoneyCell('99.5 EUR')).toEqual({ amount: '99.5', currency: 'EUR' });
    for (const text of ['1234', 'CNY', '¥1234', 'CNY 12 34']) expect(parseMoneyCell(text), text).toBeUndefined();
  });
});

describe('declaring a money field', () => {
  const declare = (options: Parameters<typeof field>[1], extra: Record<string, ReturnType<typeof field>> = {}) =>
    defineModel({
      name: 'priced',
      label: { zh: '计价', en: 'Priced' },
      titleField: 'title',
      fields: {
        title: field('text', { label: { zh: '名称', en: 'Title' } }),
        price: field('currencyAmount', options),
        ...extra,
      },
    });
  it('refuses a multiple, unique or keyword money field and a field in its currency column', () => {
    const label = { zh: '价格', en: 'Price' };
    expect(() => declare({ label })).not.toThrow();
    expect(() => declare({ label, multiple: true })).toThrow(/money field/);
    expect(() => declare({ label, unique: true })).toThrow(/money field/);
    expect(() => declare({ label }, { price_currency: field('text', { label }) })).toThrow(/currency column/);
  });
});
