import { describe, expect, it } from 'vitest';
import { usccCheckCharacter, usccProblem, USCC_CHARSET } from './uscc.js';

describe('unified social credit code (GB 32100-2015)', () => {
  it('has 31 signs, without I, O, Z, S and V', () => {
    expect(USCC_CHARSET).toHaveLength(31);
    for (const letter of 'IOZSV') expect(USCC_CHARSET).not.toContain(letter);
  });

  it('computes the check character by hand', () => {
    // 9 1 3 5 0 1 0 0 M(21) 0 0 0 1 0 0 Y(30) 4 weighted 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28:
    // 9+3+27+135+0+26+0+0+420+0+0+0+8+0+0+900+112 = 1640; 1640 mod 31 = 28; 31 − 28 = 3.
    expect(usccCheckCharacter('91350100M000100Y4')).toBe('3');
  });

  it.each([
    '91350100M000100Y43',
    '91110000600037341L',
    '12100000400000770U',
    '9144030071526726XG',
    '52110000MJ00000016',
  ])('accepts %s', (code) => expect(usccProblem(code)).toBeUndefined());

  it.each([
    ['91350100M000100Y44', 'checkDigit'],
    ['91110000600037341K', 'checkDigit'],
    // Two signs swapped: the weights catch it.
    ['91350100M000100Y34', 'checkDigit'],
    ['91350100M000100Y4', 'format'],
    ['91350100M000100Y433', 'format'],
    ['91350100m000100Y43', 'format'],
    // I, O, Z, S, V are not in the set; the division code is digits.
    ['91350100O000100Y43', 'format'],
    ['9135010AM000100Y43', 'format'],
    ['91350100M000100Y4I', 'format'],
    ['', 'format'],
  ] as const)('refuses %s (%s)', (code, problem) => expect(usccProblem(code)).toBe(problem));
});
