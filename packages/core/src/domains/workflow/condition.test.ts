// Flow conditions: iql over record.<field> and var.<name>, checked for the designer and evaluated in
// memory with the meaning the same query has as a search.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import { checkCondition, evaluateCondition, type ConditionScope } from './condition.js';

const scope: ConditionScope = {
  record: {
    amount: 1500,
    fee: '12.50',
    title: 'Battery cell 电池',
    country: 'CN',
    tags: ['urgent', 'pct'],
    empty_list: [],
    filing_date: '2024-03-01',
    filed_at: new Date('2024-03-01T08:00:00Z'),
    note: null,
    active: true,
  },
  var: { deptResult: 'approved', rounds: 2 },
};

describe('evaluateCondition', () => {
  it.each([
    ["var.deptResult = 'approved'", true],
    ["var.deptResult != 'approved'", false],
    ['record.amount > 1000', true],
    ['record.amount >= 1500 AND record.amount <= 1500', true],
    ['record.amount < 1000 OR var.rounds = 2', true],
    ['NOT record.amount > 1000', false],
    ['record.fee > 12', true],
    ['record.fee = 12.5', true],
    ['record.amount BETWEEN 1000 AND 2000', true],
    ['record.amount NOT BETWEEN 1000 AND 2000', false],
    ["record.country IN ('CN', 'US')", true],
    ["record.country NOT IN ('CN', 'US')", false],
    ["record.tags = 'pct'", true],
    ["record.tags IN ('x', 'urgent')", true],
    ["record.tags != 'pct'", false],
    ["record.title CONTAINS 'cell'", true],
    ["record.title CONTAINS 'CELL'", true],
    ["record.title STARTS WITH 'batt'", true],
    ["record.title ENDS WITH '电池'", true],
    ["record.title LIKE 'B_tt%电池'", true],
    ["record.title LIKE 'B%x%'", false],
    ["record.title NOT LIKE '%cell%'", false],
    ["record.filing_date > '2024-02-28'", true],
    ["record.filed_at < '2024-03-02'", true],
    ["record.filed_at >= '2024-03-01T09:00:00Z'", false],
    ['record.note IS NULL', true],
    ['record.missing IS NULL', true],
    ['record.empty_list IS NULL', true],
    ['record.title IS NOT NULL', true],
    ['record.note = NULL', true],
    ["record.note != 'x'", true],
    ["NOT record.note = 'x'", true],
    ['record.note > 1', false],
    ['record.active = TRUE', true],
    ["record.amount = 'abc'", false],
    ['var.unknown = 1', false],
  ])('%s → %s', (condition, expected) => {
    expect(evaluateCondition(condition, scope)).toBe(expected);
  });

  it('does not find properties of Object itself', () => {
    expect(evaluateCondition('record.constructor IS NULL', scope)).toBe(true);
    expect(evaluateCondition('var.toString IS NULL', scope)).toBe(true);
  });

  it('matches a LIKE pattern full of % without backtracking for long', () => {
    const text = 'a'.repeat(5000);
    const started = Date.now();
    expect(evaluateCondition(`record.t LIKE '${'%a'.repeat(40)}%b'`, { record: { t: text }, var: {} })).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('throws a coded error for a condition that does not check out', () => {
    expect(() => evaluateCondition('amount > 1', scope)).toThrow(AppError);
    expect(() => evaluateCondition('record.amount >', scope)).toThrow(AppError);
  });
});

describe('checkCondition', () => {
  it('accepts conditions over record and var', () => {
    expect(checkCondition("var.x = 'a' AND (record.y > 1 OR record.z IS NULL)")).toBeNull();
  });

  it.each([
    ['', 'workflowDesign.condition.empty', {}],
    ['record.amount >', 'iql.error.endExpectedValue', { position: 16 }],
    ['amount > 1', 'workflowDesign.condition.field', { field: 'amount' }],
    ['form.amount > 1', 'workflowDesign.condition.field', { field: 'form.amount' }],
    ["MATCH 'x'", 'workflowDesign.condition.unsupported', { what: 'MATCH' }],
    ['record.due WITHIN 7 DAYS', 'workflowDesign.condition.unsupported', { what: 'WITHIN' }],
    ['record.a = 1 ORDER BY record.a', 'workflowDesign.condition.orderBy', {}],
  ])('%j → %s', (condition, messageKey, params) => {
    expect(checkCondition(condition)).toEqual({ messageKey, params });
  });
});
