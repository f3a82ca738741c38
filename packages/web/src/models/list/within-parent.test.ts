// A child list's query: the parent condition in front of whatever the user searched, the order kept.
import { describe, expect, it } from 'vitest';
import { parseIql, printIql } from '@ipdesk/core';
import { newChildSearch, withinParent } from './within-parent';

const within = { field: 'patent', sid: 'Case000000000001' };
const printed = (text: string | undefined) =>
  printIql(withinParent(text === undefined ? undefined : parseIql(text), within)!);

describe('withinParent', () => {
  it('limits an empty search, and a search with OR and an order, to the parent', () => {
    expect(printed(undefined)).toBe("patent = 'Case000000000001'");
    expect(printed("title CONTAINS 'x' OR event = 'oa' ORDER BY event_date DESC")).toBe(
      "patent = 'Case000000000001' AND (title CONTAINS 'x' OR event = 'oa') ORDER BY event_date DESC",
    );
  });

  it('leaves a list without a parent as it is', () => {
    const query = parseIql("title = 'x'");
    expect(withinParent(query, undefined)).toBe(query);
  });

  it('presets the parent in the new form link', () => {
    expect(newChildSearch(within)).toBe('?patent=Case000000000001');
  });
});
