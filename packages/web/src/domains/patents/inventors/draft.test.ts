import { describe, expect, it } from 'vitest';
import { INVENTOR_NAME_MAX_LENGTH } from '@ipdesk/core';
import { draftProblems, emptyRow, isChanged, problemText, sumText, toDraft, toInput } from './draft';

const stored = [
  { position: 1, person_sid: 'P1', name: '李雷', contribution: 33.33 },
  { position: 2, person_sid: null, name: 'Outside', contribution: 66.67 },
];

describe('the inventors draft', () => {
  it('round-trips the stored list and sees changes', () => {
    const rows = toDraft(stored);
    expect(rows.map((r) => r.contribution)).toEqual(['33.33', '66.67']);
    expect(isChanged(rows, stored)).toBe(false);
    expect(toInput(rows)).toEqual([
      { name: '李雷', contribution: 33.33, person_sid: 'P1' },
      { name: 'Outside', contribution: 66.67, person_sid: null },
    ]);
    expect(isChanged([...rows, emptyRow()], stored)).toBe(true);
    expect(isChanged([{ ...rows[0]!, contribution: '33.3' }, rows[1]!], stored)).toBe(true);
  });

  it('sums as typed and says what is wrong, rows counted from 1', () => {
    const rows = toDraft(stored);
    rows[1]!.contribution = '66.66';
    expect(sumText(rows)).toBe('99.99');
    expect(draftProblems(rows).map(problemText)).toEqual([{ key: 'inventors.sumInvalid', params: { sum: '99.99' } }]);
    rows[1]!.contribution = '66.666';
    rows[0]!.name = ' ';
    expect(draftProblems(rows).map(problemText)).toEqual([
      { key: 'inventors.nameRequired', params: { row: 1 } },
      { key: 'inventors.contributionDecimals', params: { row: 2 } },
      { key: 'inventors.sumInvalid', params: { sum: '33.33' } },
    ]);
  });

  it('a name over the limit is a problem of its row, kept as typed (the input no longer cuts it)', () => {
    const rows = toDraft(stored);
    rows[1]!.name = '名'.repeat(INVENTOR_NAME_MAX_LENGTH + 1);
    expect(draftProblems(rows).map(problemText)).toEqual([
      { key: 'inventors.nameTooLong', params: { row: 2, max: INVENTOR_NAME_MAX_LENGTH } },
    ]);
    rows[1]!.name = '名'.repeat(INVENTOR_NAME_MAX_LENGTH);
    expect(draftProblems(rows)).toEqual([]);
  });
});
