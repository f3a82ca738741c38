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
      if (row.country === 'CN') expect(row.applicationNumber).toMatch(/^\d{4}[123]\d{7}\.\d$/);
    }
    const chinese = rows.filter((r) => /[\u4e00-\u9fff]/.test(r.title)).length / rows.length;
    expect(chinese).toBeGreaterThan(0.5);
    expect(chinese).toBeLessThan(0.8);
    expect(rows.some((r) => r.title.includes('电池'))).toBe(true);
    expect(new Set(rows.map((r) => r.patentType))).toEqual(new Set(['invention', 'utility_model', 'design']));
  });
});
