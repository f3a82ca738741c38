// The built-in packs: choice by office and date, stable fingerprints, fee types behind every rule,
// statuses carried from patent-rules.md (S amounts, UNVERIFIED 25 % surcharge), bilingual labels.
import { describe, expect, it } from 'vitest';
import {
  CN_FEE_PACK,
  FEE_PACKS,
  canonicalJson,
  feePackFingerprint,
  fnv1a64,
  pickFeePack,
  type FeeRulePack,
} from './index.js';

describe('fee rule packs', () => {
  it('picks the latest pack of an office, or the one in force on a date', () => {
    expect(pickFeePack(FEE_PACKS, 'CN')).toBe(CN_FEE_PACK);
    expect(pickFeePack(FEE_PACKS, 'KR')).toBeUndefined();
    const next: FeeRulePack = { ...CN_FEE_PACK, version: '2026.1', effectiveFrom: '2026-01-01' };
    const packs = [...FEE_PACKS, next];
    expect(pickFeePack(packs, 'CN')).toBe(next);
    expect(pickFeePack(packs, 'CN', '2025-12-31')).toBe(CN_FEE_PACK);
    expect(pickFeePack(packs, 'CN', '2020-01-01')).toBeUndefined();
  });
  it('has one pack per office, each rule backed by a fee type of its pack, and bilingual labels', () => {
    expect(FEE_PACKS.map((p) => p.office)).toEqual(['CN', 'US', 'EP', 'JP']);
    for (const pack of FEE_PACKS) {
      const codes = new Set(pack.feeTypes.map((t) => t.code));
      for (const type of pack.feeTypes) expect(type.label.zh && type.label.en).toBeTruthy();
      for (const rule of pack.rules) {
        expect(codes.has(rule.feeType)).toBe(true);
        expect(codes.has(rule.surcharge.feeType)).toBe(true);
        expect(rule.label.zh).toContain('{n}');
        expect(rule.label.en).toContain('{n}');
        for (const row of rule.amounts) expect(row.years[0]).toBeLessThanOrEqual(row.years[1]);
      }
    }
  });
  it('carries the source status of patent-rules.md', () => {
    const [inv] = CN_FEE_PACK.rules;
    expect(inv?.source.status).toBe('verified');
    expect(inv?.amounts[0]?.source.status).toBe('secondary');
    expect(inv?.surcharge.source.status).toBe('unverified');
    expect(inv?.surcharge.source.note).toContain('30 %');
  });
  it('fingerprints are stable FNV-1a hashes of canonical JSON', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined })).toBe('{"a":[true,null,"x"],"b":1}');
    const reordered = JSON.parse(JSON.stringify(CN_FEE_PACK)) as FeeRulePack;
    expect(feePackFingerprint({ ...reordered, office: 'CN' })).toBe(feePackFingerprint(CN_FEE_PACK));
    expect(feePackFingerprint({ ...CN_FEE_PACK, version: '2022.2' })).not.toBe(feePackFingerprint(CN_FEE_PACK));
    expect(new Set(FEE_PACKS.map(feePackFingerprint)).size).toBe(FEE_PACKS.length);
  });
});
