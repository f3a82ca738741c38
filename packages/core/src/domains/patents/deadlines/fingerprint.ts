// A stable hash of a rule pack (FNV-1a over canonical JSON with sorted keys), so the server can see
// that a pack changed and recompute its deadlines. Pure JS: core does no I/O and needs no node:crypto.
import type { RulePack } from './types.js';

/** JSON with object keys sorted and undefined members left out, so equal data hashes equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

/** FNV-1a, 32 bits, over UTF-16 code units; eight hex digits. */
export function fnv1a32(input: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i += 1) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Changes whenever the pack's rules, version, start or calendar change. */
export function rulePackFingerprint(pack: RulePack): string {
  return fnv1a32(
    canonicalJson({
      office: pack.office,
      version: pack.version,
      effectiveFrom: pack.effectiveFrom,
      calendarOffice: pack.calendarOffice,
      rules: pack.rules,
    }),
  );
}

/**
 * One print per rule of the pack (rule code → hash of the rule with the rest of the pack it is computed
 * with, but not the pack's version): after a new pack version, only the deadlines of rules whose print
 * changed can differ.
 */
export function ruleFingerprints(pack: RulePack): Record<string, string> {
  const { version: _version, rules, ...context } = pack;
  const prints: Record<string, string> = {};
  for (const rule of rules) prints[rule.code] = fnv1a32(canonicalJson({ context, rule }));
  return prints;
}
