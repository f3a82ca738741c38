import { describe, expect, it } from 'vitest';
import { canonicalJson, fnv1a32, rulePackFingerprint } from './fingerprint.js';
import { CN_RULE_PACK, RULE_PACKS } from './packs/index.js';
import type { RulePack } from './types.js';

// When this fails you changed a pack: bump its version, then update the fingerprint here.
const KNOWN: Record<string, string> = {
  'CN-2024.2': '1adf9ed6',
  'US-2025.1': '7ec41881',
  'EP-2024.1': '35e82911',
  'JP-2024.2': '1bffc847',
  'WO-2024.1': '676d9211',
};

describe('rulePackFingerprint', () => {
  it('is FNV-1a over canonical JSON (known vectors)', () => {
    expect(fnv1a32('')).toBe('811c9dc5');
    expect(fnv1a32('a')).toBe('e40c292c');
    expect(canonicalJson({ b: 1, a: [2, { d: undefined, c: 'x' }] })).toBe('{"a":[2,{"c":"x"}],"b":1}');
  });

  it('is stable and ignores key order', () => {
    const reordered: RulePack = {
      rules: CN_RULE_PACK.rules,
      calendarOffice: 'CN',
      effectiveFrom: CN_RULE_PACK.effectiveFrom,
      version: CN_RULE_PACK.version,
      office: 'CN',
    };
    expect(rulePackFingerprint(reordered)).toBe(rulePackFingerprint(CN_RULE_PACK));
    expect(rulePackFingerprint(CN_RULE_PACK)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('changes when a rule changes', () => {
    const [first, ...rest] = CN_RULE_PACK.rules;
    if (!first) throw new Error('empty pack');
    const changed: RulePack = { ...CN_RULE_PACK, rules: [{ ...first, offset: { months: 37 } }, ...rest] };
    expect(rulePackFingerprint(changed)).not.toBe(rulePackFingerprint(CN_RULE_PACK));
  });

  it('pins each pack version to its rules', () => {
    const now = Object.fromEntries(RULE_PACKS.map((p) => [p.version, rulePackFingerprint(p)]));
    expect(now).toEqual(KNOWN);
  });
});
