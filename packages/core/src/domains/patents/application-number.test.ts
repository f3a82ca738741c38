import { describe, expect, it } from 'vitest';
import {
  applicationNumberTypeConflict,
  checkApplicationNumber,
  cnCheckCharacter,
  cnTypeOfNumber,
  epCheckDigit,
  normalizeApplicationNumber,
} from './application-number.js';

describe('CN application numbers (ZC 0006-2003)', () => {
  it.each([
    ['2012206876330', '201220687633.0'],
    ['2013106997442', '201310699744.2'],
    ['95115608.X', '95115608.X'],
    ['90101673.X', '90101673.X'],
    ['97101765.4', '97101765.4'],
  ])('accepts the known-good %s in every written form', (written, normalized) => {
    const body = normalized.slice(0, normalized.indexOf('.'));
    const check = normalized.slice(-1);
    for (const form of [normalized, `${body}${check}`, `CN${normalized}`, `CN ${body}.${check}`, `ZL${normalized}`]) {
      expect(checkApplicationNumber('CN', form), form).toEqual({ ok: true, normalized });
    }
    expect(checkApplicationNumber('CN', written)).toEqual({ ok: true, normalized });
    expect(checkApplicationNumber('cn', normalized.toLowerCase())).toEqual({ ok: true, normalized });
  });

  it.each([
    ['201220687633.1', '0'],
    ['2012206876339', '0'],
    ['201310699744.X', '2'],
    ['95115608.0', 'X'],
    ['9511560800', undefined],
    ['90101673.9', 'X'],
    ['97101765.X', '4'],
    ['CN97101765.5', '4'],
  ])('refuses a wrong check character in %s, naming the right one', (value, expected) => {
    const result = checkApplicationNumber('CN', value);
    if (expected === undefined) expect(result).toEqual({ ok: false, problem: 'format' });
    else expect(result).toEqual({ ok: false, problem: 'checkDigit', expected });
  });

  it('computes the check character with the 12- and 8-digit weights', () => {
    expect(cnCheckCharacter('201220687633')).toBe('0');
    expect(cnCheckCharacter('201310699744')).toBe('2');
    expect(cnCheckCharacter('95115608')).toBe('X');
    expect(cnCheckCharacter('97101765')).toBe('4');
  });

  it('refuses what is no CN number: wrong length, type digit, year, or no check character', () => {
    for (const value of ['20121068763', '2012106876330.0', '201240687633.3', '199910687633.0', 'CN-ABC', '05101765.4'])
      expect(checkApplicationNumber('CN', value).ok, value).toBe(false);
    // The number without its check character: a format problem that says what belongs there.
    expect(checkApplicationNumber('CN', '201220687633')).toEqual({ ok: false, problem: 'format', expected: '0' });
  });
});

describe('EP application numbers', () => {
  it.each(['99403122.7', '15150367.9', '99203729.1'])('accepts the EPO example %s', (value) => {
    expect(checkApplicationNumber('EP', value)).toEqual({ ok: true, normalized: value });
    expect(checkApplicationNumber('EP', `EP ${value}`)).toEqual({ ok: true, normalized: value });
  });
  it('takes the number without its check digit, and refuses a wrong one', () => {
    expect(checkApplicationNumber('EP', 'EP15150367')).toEqual({ ok: true, normalized: '15150367' });
    expect(checkApplicationNumber('EP', '15150367.8')).toEqual({ ok: false, problem: 'checkDigit', expected: '9' });
    expect(checkApplicationNumber('EP', '1515036.9')).toEqual({ ok: false, problem: 'format' });
    expect(epCheckDigit('99403122')).toBe('7');
  });
});

describe('other offices', () => {
  it.each([
    ['US', '16/123,456', '16/123,456'],
    ['US', '16123456', '16/123,456'],
    ['US', 'US 63/012,345', '63/012,345'],
    ['JP', '特願2024-012345', '特願2024-012345'],
    ['JP', '2024-012345', '2024-012345'],
    ['JP', '特願平11-123456', '特願H11-123456'],
    ['JP', 'H06-20458', 'H06-20458'],
    ['KR', '10-2023-0123456', '10-2023-0123456'],
    ['KR', 'KR1020230123456', '10-2023-0123456'],
    ['WO', 'PCT/CN2023/123456', 'PCT/CN2023/123456'],
    ['WO', 'pct/cn2023/123456', 'PCT/CN2023/123456'],
    ['WO', 'PCT/US03/12345', 'PCT/US03/12345'],
    ['WO', 'DM/212345', 'DM/212345'],
    ['DE', '10 2019 123 456.7', '10 2019 123 456.7'],
    ['GB', 'GB2301234.5', 'GB2301234.5'],
  ])('%s accepts %s', (office, value, normalized) => {
    expect(checkApplicationNumber(office, value)).toEqual({ ok: true, normalized });
  });

  it.each([
    ['US', '16/123,45'],
    ['US', 'PCT/CN2023/123456'],
    ['JP', '特願1999-012345'],
    ['JP', '特願平12-123456'],
    ['KR', '50-2023-0123456'],
    ['WO', 'PCT/CN2023/12345'],
    ['WO', 'CN2023123456'],
    ['DE', 'no number'],
    ['DE', '12<script>'],
    ['FR', '   '],
  ])('%s refuses %s', (office, value) => {
    expect(checkApplicationNumber(office, value)).toEqual({ ok: false, problem: 'format' });
  });
});

describe('stored form and type digit (patents issue 14)', () => {
  it('normalises a number of a strictly checked office into its written form, and leaves the rest as typed', () => {
    expect(normalizeApplicationNumber({ country: 'CN', application_number: '2013100332996' })).toEqual({
      application_number: '201310033299.6',
    });
    expect(normalizeApplicationNumber({ country: 'CN', application_number: '201310033299.6' })).toEqual({});
    // Wrong check digit: left for the rule across fields to refuse.
    expect(normalizeApplicationNumber({ country: 'CN', application_number: '2013100332995' })).toEqual({});
    expect(normalizeApplicationNumber({ country: 'US', application_number: '16123456' })).toEqual({
      application_number: '16/123,456',
    });
    expect(normalizeApplicationNumber({ country: 'DE', application_number: ' 10 2020  1 ' })).toEqual({});
    expect(normalizeApplicationNumber({ country: 'CN', application_number: null })).toEqual({});
  });

  it.each([
    ['201210687633.5', 'invention'],
    ['201220687633.0', 'utility_model'],
    ['2019900000012', 'utility_model'],
    ['95115608.X', 'invention'],
  ] as const)('reads the type digit of %s as %s', (number, type) => {
    expect(cnTypeOfNumber('CN', number)).toBe(type);
  });

  it('says which type the digit stands for only when it contradicts the case', () => {
    expect(applicationNumberTypeConflict('CN', '201220687633.0', 'invention')).toBe('utility_model');
    expect(applicationNumberTypeConflict('CN', '201220687633.0', 'utility_model')).toBeUndefined();
    // Not CN, or not a valid CN number: no opinion.
    expect(applicationNumberTypeConflict('EP', '99403122.7', 'design')).toBeUndefined();
    expect(applicationNumberTypeConflict('CN', '201220687633.1', 'invention')).toBeUndefined();
  });
});
