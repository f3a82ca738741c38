// Deadline keys, overdue and tag states, and the order of the deadlines tab.
import { describe, expect, it } from 'vitest';
import { byDueDate, deadlineKey, deadlineTagState, isOverdue, todayIso } from './deadline-rules';

describe('deadline rules', () => {
  it('keys a computed deadline by its rule and a hand-made one by its sid', () => {
    expect(deadlineKey({ sid: 'T1', rule_code: 'CN-EXAM-REQUEST' })).toBe('CN-EXAM-REQUEST');
    expect(deadlineKey({ sid: 'T2', rule_code: null })).toBe('T2');
  });

  it('calls an open deadline overdue only after its due day', () => {
    const today = '2026-03-16';
    expect(isOverdue({ due_date: '2026-03-15', status: 'open' }, today)).toBe(true);
    expect(isOverdue({ due_date: '2026-03-16', status: 'open' }, today)).toBe(false);
    expect(isOverdue({ due_date: '2026-03-15', status: 'done' }, today)).toBe(false);
    expect(deadlineTagState({ due_date: '2026-03-15', status: 'open' }, today)).toBe('overdue');
    expect(deadlineTagState({ due_date: '2026-03-17', status: 'open' }, today)).toBe('open');
    expect(deadlineTagState({ due_date: '2026-03-15', status: 'cancelled' }, today)).toBe('cancelled');
    expect(deadlineTagState({ due_date: '2026-03-15', status: 'odd' }, today)).toBe('other');
  });

  it('writes today as the API does', () => {
    expect(todayIso(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });

  it('sorts by due date, then sid', () => {
    const rows = [
      { sid: 'b', due_date: '2026-01-02' },
      { sid: 'c', due_date: '2025-12-31' },
      { sid: 'a', due_date: '2026-01-02' },
    ];
    expect(byDueDate(rows).map((r) => r.sid)).toEqual(['c', 'a', 'b']);
  });
});
