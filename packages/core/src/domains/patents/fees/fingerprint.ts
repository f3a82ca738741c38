// A stable fingerprint of a fee rule pack, stored with generated schedules so that a schedule can be
// recognised as built from an older pack: 64-bit FNV-1a over the UTF-8 bytes of canonical JSON
// (object keys sorted, undefined members dropped). No node:crypto, as core stays platform-free.
import type { FeeRulePack } from './types.js';

/** JSON with object keys in sorted order, so equal packs give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return value === undefined ? 'null' : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item: unknown) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** 64-bit FNV-1a of a string's UTF-8 bytes, as 16 hex digits. */
export function fnv1a64(text: string): string {
  let hash = OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * PRIME) & MASK;
  }
  return hash.toString(16).padStart(16, '0');
}

export function feePackFingerprint(pack: FeeRulePack): string {
  return fnv1a64(canonicalJson(pack));
}

/**
 * One print per rule of the pack (rule code → hash of the rule with the rest of the pack — currency,
 * surcharges, reductions — but not the pack's version), so a new pack version recomputes only the fees of
 * the rules that changed.
 */
export function feeRuleFingerprints(pack: FeeRulePack): Record<string, string> {
  const { version: _version, rules, ...context } = pack;
  const prints: Record<string, string> = {};
  for (const rule of rules) prints[rule.code] = fnv1a64(canonicalJson({ context, rule }));
  return prints;
}
