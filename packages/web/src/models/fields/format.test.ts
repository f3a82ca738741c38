import { describe, expect, it } from 'vitest';
import { cascadeOptions, formatMoneyInput, parseMoneyInput } from './format';

describe('money input text', () => {
  it('groups the whole part only, keeping typed decimals', () => {
    expect(formatMoneyInput('1234567.891')).toBe('1,234,567.891');
    expect(formatMoneyInput('-1234')).toBe('-1,234');
    expect(formatMoneyInput('999')).toBe('999');
    expect(formatMoneyInput('')).toBe('');
  });

  it('shows exactly the scale once typing is over', () => {
    expect(formatMoneyInput(1234.5, 2)).toBe('1,234.50');
    expect(formatMoneyInput('1000000', 2)).toBe('1,000,000.00');
  });

  it('reads the text back without separators', () => {
    expect(parseMoneyInput('1,234,567.50')).toBe('1234567.50');
    expect(parseMoneyInput(undefined)).toBe('');
  });
});

describe('cascade options', () => {
  it('nests options under their parents and keeps parentless ones at the top', () => {
    expect(
      cascadeOptions([
        { value: 'cn', label: '中国' },
        { value: 'bj', label: '北京', parent: 'cn' },
        { value: 'us', label: '美国', parent: null },
        { value: 'lost', label: '孤儿', parent: 'gone' },
      ]),
    ).toEqual([
      { value: 'cn', label: '中国', children: [{ value: 'bj', label: '北京' }] },
      { value: 'us', label: '美国' },
      { value: 'lost', label: '孤儿' },
    ]);
  });
});
