import { describe, expect, it } from 'vitest';
import { suggestFields, wordAt } from './iql-autocomplete';

const fields = [
  { name: 'title', label: '专利名称' },
  { name: 'filing_date', label: '申请日' },
  { name: 'application_number', label: '申请号' },
  { name: 'sn', label: '案号' },
];

describe('field completion in the iql box', () => {
  it('finds the word around the caret', () => {
    expect(wordAt("title = 'a' AND fil", 19)).toEqual({ start: 16, end: 19, word: 'fil' });
    expect(wordAt('filing AND x', 3)).toEqual({ start: 0, end: 6, word: 'filing' });
    expect(wordAt('a = ', 4)).toBeUndefined();
  });

  it('offers names starting with the word first, then containing it, then by label', () => {
    expect(suggestFields("title = 'x' AND fi", 18, fields).map((s) => s.name)).toEqual(['filing_date']);
    expect(suggestFields('n', 1, fields).map((s) => s.name)).toEqual(['filing_date', 'application_number', 'sn']);
    expect(suggestFields('申请', 2, fields).map((s) => s.name)).toEqual(['filing_date', 'application_number']);
  });

  it('replaces the word and puts the caret after the name', () => {
    const [first] = suggestFields("fil >= '2024-01-01'", 3, fields);
    expect(first).toMatchObject({ text: "filing_date >= '2024-01-01'", caret: 11 });
    const [middle] = suggestFields('sn = 1 AND 申请 IS NULL', 13, fields);
    expect(middle).toMatchObject({ text: 'sn = 1 AND filing_date IS NULL', caret: 22 });
  });

  it('leaves quoted texts, keywords, numbers and complete names alone', () => {
    expect(suggestFields("title CONTAINS 'fil", 19, fields)).toEqual([]);
    expect(suggestFields("title = 'it''s' AND fil", 23, fields).map((s) => s.name)).toEqual(['filing_date']);
    expect(suggestFields('title AND', 9, fields)).toEqual([]);
    expect(suggestFields('sn = 12', 7, fields)).toEqual([]);
    expect(suggestFields('title', 5, fields)).toEqual([]);
  });
});
