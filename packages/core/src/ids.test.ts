import { describe, expect, it } from 'vitest';
import { isSid, newSid, randomLetters, SID_LENGTH } from './ids.js';

describe('sid', () => {
  it('is 16 characters of letters and digits', () => {
    const sid = newSid();
    expect(sid).toHaveLength(SID_LENGTH);
    expect(isSid(sid)).toBe(true);
  });

  it('does not repeat over many draws and uses the whole alphabet', () => {
    const sids = Array.from({ length: 5000 }, newSid);
    expect(new Set(sids).size).toBe(sids.length);
    const symbols = new Set(sids.join(''));
    expect(symbols.size).toBe(62);
  });

  it('rejects what is not a sid', () => {
    for (const value of ['', 'short', 'x'.repeat(17), 'abc-def-ghi-jklm', 16, null, "AAAAAAAAAAAAAAA'"]) {
      expect(isSid(value)).toBe(false);
    }
  });

  it('random letters are letters only', () => {
    expect(randomLetters(40)).toMatch(/^[A-Za-z]{40}$/);
  });
});
