import { describe, expect, it } from 'vitest';
import { parseIql } from '@ipdesk/core';
import { DEFAULT_FILTER, allDeadlinesIql } from './all-deadlines-query';

describe('the iql of the list of every kind of deadline', () => {
  const today = '2026-05-20';
  it('asks for the open ones, earliest first, by default', () => {
    expect(allDeadlinesIql(DEFAULT_FILTER, today)).toBe("status = 'open' ORDER BY due_date ASC");
  });

  it('writes each filter in fields every store has, quoting the search text', () => {
    expect(allDeadlinesIql({ status: 'all', due: 'any', search: '  ', unverified: false }, today)).toBe(
      'ORDER BY due_date ASC',
    );
    expect(allDeadlinesIql({ status: 'done', due: 'overdue', search: '', unverified: false }, today)).toBe(
      "status = 'done' AND due_date < '2026-05-20' ORDER BY due_date ASC",
    );
    const searched = allDeadlinesIql(
      { status: 'all', due: 'days90', search: " O'Brien 续展 ", unverified: false },
      today,
    );
    expect(searched).toBe("due_date WITHIN 90 DAYS AND title CONTAINS 'O''Brien 续展' ORDER BY due_date ASC");
    // Every combination parses.
    for (const status of ['open', 'done', 'cancelled', 'all'] as const)
      for (const due of ['overdue', 'days7', 'days30', 'days90', 'any'] as const)
        for (const unverified of [false, true])
          expect(() => parseIql(allDeadlinesIql({ status, due, search: "a'b", unverified }, today))).not.toThrow();
  });

  it('keeps to unverified deadlines when asked (the home page card links there)', () => {
    expect(allDeadlinesIql({ ...DEFAULT_FILTER, unverified: true }, today)).toBe(
      "status = 'open' AND verification = 'unverified' ORDER BY due_date ASC",
    );
  });
});
