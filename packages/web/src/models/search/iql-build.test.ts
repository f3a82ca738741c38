// The iql each search mode builds: printed by core's printer, parsed back to the same tree, quotes
// doubled, values typed by the field, 1000 values at most, quick ranges as WITHIN.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  BATCH_SEARCH_MAX,
  parseIql,
  printIql,
  stripSpans,
  tryParseIql,
  type DataType,
  type IqlQuery,
} from '@ipdesk/core';
import { fieldMaker, type FieldExtra } from '../../testing/schema-fixtures';
import {
  BASIC_FILTERS,
  buildBasicQuery,
  buildBatchQuery,
  composeIql,
  matchIql,
  parseBatchValues,
  QUICK_RANGES,
  type QuickRange,
} from './iql-build';

// Searches read these fields unless a field says otherwise.
const searchable = fieldMaker({ flags: { searchFilter: true } });
const field = (name: string, data_type: DataType, extra: FieldExtra = {}) =>
  searchable(name, name, { data_type, ...extra });

const title = field('title', 'string');
const abstract = field('abstract', 'text');
const patentType = field('patent_type', 'key', { kind: 'option' });
const filingDate = field('filing_date', 'date', { kind: 'date' });
const createdAt = field('created_at', 'timestamp', { kind: 'timestamp', system: true });
const score = field('score', 'decimal', { kind: 'number' });
const active = field('active', 'boolean', { kind: 'boolean' });
const manager = field('manager', 'ref', { kind: 'user' });
const figures = field('figures', 'file', { kind: 'figure' });
const basicFields = [title, abstract, patentType, filingDate, createdAt, score, active, manager, figures];

/** The printed text parses back to the same tree: what the server reads is what the form meant. */
function printed(query: IqlQuery): string {
  const text = printIql(query);
  expect(stripSpans(parseIql(text))).toEqual(stripSpans(query));
  return text;
}

describe('basic search', () => {
  it('has a filter for every data type (files are not offered)', () => {
    expect(BASIC_FILTERS).toEqual({
      string: 'contains',
      text: 'contains',
      integer: 'numberRange',
      decimal: 'numberRange',
      money: 'numberRange',
      date: 'dateRange',
      timestamp: 'dateRange',
      boolean: 'boolean',
      key: 'in',
      ref: 'equals',
      file: null,
    });
  });

  it('builds nothing from an empty form', () => {
    expect(printed(buildBasicQuery(basicFields, {}))).toBe('');
    expect(printed(buildBasicQuery(basicFields, { title: '   ', patent_type: [], score: {} }, '  '))).toBe('');
  });

  it('texts CONTAINS (trimmed, a quote doubled), options IN, the keyword MATCH, all joined with AND', () => {
    const query = buildBasicQuery(
      basicFields,
      { title: " O'Brien 电池 ", patent_type: ['invention', 'design'], abstract: "it's" },
      "锂'电",
    );
    expect(printed(query)).toBe(
      "MATCH '锂''电' AND title CONTAINS 'O''Brien 电池' AND abstract CONTAINS 'it''s' AND patent_type IN ('invention', 'design')",
    );
  });

  it('dates BETWEEN the chosen days; timestamps from the first day’s start to the last day’s end, local time', () => {
    const from = dayjs('2024-03-01');
    const to = dayjs('2024-01-15');
    const query = buildBasicQuery(basicFields, { filing_date: [from, to], created_at: [to, from] });
    expect(printed(query)).toBe(
      `filing_date BETWEEN '2024-01-15' AND '2024-03-01' AND created_at BETWEEN '${to.startOf('day').toISOString()}' AND '${from.endOf('day').toISOString()}'`,
    );
  });

  it('numbers BETWEEN both ends (in order), or >= / <= with one end open', () => {
    expect(printed(buildBasicQuery([score], { score: { from: 90, to: 60.5 } }))).toBe('score BETWEEN 60.5 AND 90');
    expect(printed(buildBasicQuery([score], { score: { from: 0 } }))).toBe('score >= 0');
    expect(printed(buildBasicQuery([score], { score: { from: null, to: -3 } }))).toBe('score <= -3');
  });

  it('booleans and references compare with =', () => {
    expect(printed(buildBasicQuery([active, manager], { active: false, manager: 'User000000000001' }))).toBe(
      "active = FALSE AND manager = 'User000000000001'",
    );
  });
});

describe('batch search', () => {
  it('takes distinct trimmed lines, skipping empty ones', () => {
    expect(parseBatchValues('CN1\r\n  CN2 \n\nCN1\n', title)).toEqual({ ok: true, values: ['CN1', 'CN2'] });
  });

  it('quotes each value, a quote doubled', () => {
    const parsed = parseBatchValues("O'Brien\nUS17/123,456", title);
    if (!parsed.ok) throw new Error('refused');
    expect(printed(buildBatchQuery('title', parsed.values))).toBe("title IN ('O''Brien', 'US17/123,456')");
  });

  it('accepts exactly 1000 values and refuses 1001, saying how many there were', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `CN${i}`).join('\n');
    const thousand = parseBatchValues(lines(BATCH_SEARCH_MAX), title);
    expect(thousand.ok && thousand.values.length).toBe(1000);
    if (!thousand.ok) throw new Error('refused');
    expect(tryParseIql(printIql(buildBatchQuery('sn', thousand.values))).ok).toBe(true);
    expect(parseBatchValues(lines(1001), title)).toEqual({ ok: false, error: 'tooMany', count: 1001, max: 1000 });
    // Repeated values count once.
    expect(parseBatchValues(`${lines(1000)}\nCN0\nCN1`, title).ok).toBe(true);
  });

  it('refuses an empty list, a value too long for a query, and values the field cannot take', () => {
    expect(parseBatchValues(' \n\n', title)).toEqual({ ok: false, error: 'empty' });
    expect(parseBatchValues(`a\n${'x'.repeat(1001)}`, title)).toEqual({
      ok: false,
      error: 'tooLong',
      line: 2,
      max: 1000,
    });
    expect(parseBatchValues('1\n2.5\nabc', score)).toEqual({ ok: false, error: 'notNumber', line: 3, value: 'abc' });
    expect(parseBatchValues('2024-01-31\n2024-02-30', filingDate)).toEqual({
      ok: false,
      error: 'notDate',
      line: 2,
      value: '2024-02-30',
    });
  });

  it('numbers go unquoted, dates quoted', () => {
    const numbers = parseBatchValues('1\n-2.5', score);
    const dates = parseBatchValues('2024-01-31', filingDate);
    if (!numbers.ok || !dates.ok) throw new Error('refused');
    expect(printed(buildBatchQuery('score', numbers.values))).toBe('score IN (1, -2.5)');
    expect(printed(buildBatchQuery('filing_date', dates.values))).toBe("filing_date IN ('2024-01-31')");
  });
});

describe('quick time ranges and the final query', () => {
  it.each([
    ['today', 'filing_date WITHIN TODAY'],
    ['tomorrow', 'filing_date WITHIN TOMORROW'],
    ['next7Days', 'filing_date WITHIN NEXT 7 DAYS'],
    ['next30Days', 'filing_date WITHIN NEXT 30 DAYS'],
    ['next12Months', 'filing_date WITHIN NEXT 12 MONTHS'],
  ] as [QuickRange, string][])('%s is %s', (range, text) => {
    expect(composeIql(undefined, { quick: { field: 'filing_date', range } })).toBe(text);
  });

  it('offers the five ranges of spec §9', () => {
    expect(QUICK_RANGES).toEqual(['today', 'tomorrow', 'next7Days', 'next30Days', 'next12Months']);
  });

  it('ANDs the quick range onto the mode’s query, keeping an OR together', () => {
    const query = parseIql("status = 'filed' OR status = 'granted' ORDER BY filing_date DESC");
    expect(composeIql(query, { quick: { field: 'grant_date', range: 'next30Days' } })).toBe(
      "(status = 'filed' OR status = 'granted') AND grant_date WITHIN NEXT 30 DAYS ORDER BY filing_date DESC",
    );
  });

  it('orders by the table’s sort when one is chosen, else by the query’s own ORDER BY', () => {
    const query = parseIql("title CONTAINS 'a' ORDER BY sn");
    expect(composeIql(query)).toBe("title CONTAINS 'a' ORDER BY sn ASC");
    expect(composeIql(query, { sort: { field: 'filing_date', direction: 'desc' } })).toBe(
      "title CONTAINS 'a' ORDER BY filing_date DESC",
    );
    expect(composeIql(undefined)).toBe('');
  });

  it('MATCH for pickers, nothing for an empty term', () => {
    expect(matchIql("  O'Brien ")).toBe("MATCH 'O''Brien'");
    expect(matchIql('   ')).toBeUndefined();
  });
});
