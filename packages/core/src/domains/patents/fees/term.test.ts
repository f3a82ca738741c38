// Term ends by office, type and filing date (CNL 42(1); CN 2021 interim measures Art 10 for designs
// filed up to 2021-05-31; US 35 USC 154, EPC Art 63, JP Art 67: 20 years). The last day of protection
// is the day before the anniversary.
import { describe, expect, it } from 'vitest';
import type { CaseFacts } from '../case-facts.js';
import { termEnd, termRuleFor, termStart } from './term.js';

const facts = (over: Partial<CaseFacts>): CaseFacts => ({
  office: 'CN',
  patentType: 'invention',
  route: 'direct',
  events: [],
  ...over,
});

describe('termEnd', () => {
  it('CN invention 20 y, utility model 10 y (CNL 42(1))', () => {
    expect(termEnd(facts({ filingDate: '2015-06-03' }))).toBe('2035-06-02');
    expect(termEnd(facts({ patentType: 'utility_model', filingDate: '2020-03-15' }))).toBe('2030-03-14');
  });
  it('CN design: 10 y when filed up to 2021-05-31, 15 y from 2021-06-01', () => {
    expect(termEnd(facts({ patentType: 'design', filingDate: '2021-05-31' }))).toBe('2031-05-30');
    expect(termEnd(facts({ patentType: 'design', filingDate: '2021-06-01' }))).toBe('2036-05-31');
    expect(termRuleFor(facts({ patentType: 'design', filingDate: '2021-05-31' }))?.source.status).toBe('secondary');
  });
  it('counts from the filing date, not the priority date; PCT national phase from the international filing date', () => {
    expect(termEnd(facts({ filingDate: '2016-01-10', priorityDate: '2015-01-10', route: 'paris' }))).toBe('2036-01-09');
    const pct = facts({ route: 'pct_national', internationalFilingDate: '2019-04-12', filingDate: '2021-10-12' });
    expect(termStart(pct)).toBe('2019-04-12');
    expect(termEnd(pct)).toBe('2039-04-11');
  });
  it('US utility, EP and JP 20 y from filing; unknown for US designs and without a filing date', () => {
    expect(termEnd(facts({ office: 'US', filingDate: '2017-05-02' }))).toBe('2037-05-01');
    expect(termEnd(facts({ office: 'EP', filingDate: '2021-04-12' }))).toBe('2041-04-11');
    expect(termEnd(facts({ office: 'JP', filingDate: '2018-03-01' }))).toBe('2038-02-28');
    expect(termEnd(facts({ office: 'US', patentType: 'design', filingDate: '2017-05-02' }))).toBeUndefined();
    expect(termEnd(facts({}))).toBeUndefined();
  });
  it('a 29 February filing ends the day before the anniversary, which falls on 28 February', () => {
    expect(termEnd(facts({ patentType: 'utility_model', filingDate: '2016-02-29' }))).toBe('2026-02-27');
    expect(termEnd(facts({ filingDate: '2016-02-29' }))).toBe('2036-02-28');
  });
});
