import { checkApplicationNumber } from '@ipdesk/core';
import { describe, expect, it } from 'vitest';
import { generatePatents } from './patents.js';

describe('patent generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = [...generatePatents(50, 1)];
    expect([...generatePatents(50, 1)]).toEqual(a);
    expect([...generatePatents(50, 2)]).not.toEqual(a);
  });

  it('yields well-formed rows with a realistic mix', () => {
    const rows = [...generatePatents(5000)];
    expect(new Set(rows.map((r) => r.sid)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.sid).toMatch(/^[0-9A-Za-z]{16}$/);
      expect(row.filingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Every number passes its office's check (CN check character included), so imports accept them.
      expect(checkApplicationNumber(row.country, row.applicationNumber).ok).toBe(true);
      if (row.country === 'CN') expect(row.applicationNumber).toMatch(/^\d{4}[123]\d{7}\.[\dX]$/);
      expect(Date.parse(row.createdAt)).toBeLessThanOrEqual(Date.parse(row.updatedAt));
      if (row.grantDate) expect(row.publicationDate).not.toBeNull();
    }
    const chinese = rows.filter((r) => /[\u4e00-\u9fff]/.test(r.title)).length / rows.length;
    expect(chinese).toBeGreaterThan(0.5);
    expect(chinese).toBeLessThan(0.8);
    // The search benchmark's terms: a frequent two-character one, a five-character one, an English word
    // in both cases, and the custom field's values.
    expect(rows.filter((r) => r.title.includes('电池')).length).toBeGreaterThan(rows.length * 0.05);
    expect(rows.some((r) => r.title.includes('固态电解质'))).toBe(true);
    expect(rows.some((r) => r.title.includes('battery'))).toBe(true);
    expect(rows.some((r) => r.title.includes('Battery'))).toBe(true);
    expect(new Set(rows.map((r) => r.priorityLevel))).toEqual(new Set(['high', 'medium', 'low', null]));
    const years = new Set(rows.map((r) => r.updatedAt.slice(0, 4)));
    expect(years.size).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.patentType))).toEqual(new Set(['invention', 'utility_model', 'design']));
  });
});
