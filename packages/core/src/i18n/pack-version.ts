// The version of a language pack: a hash of its texts, so a client can tell whether the pack it cached is the
// one this build serves (spec §1). Computed the same way by the server (its pack's `version`) and by the web
// build (the version of the texts it was built with, web/src/i18n/built-pack.ts), so it must not depend on
// Node: two 32-bit FNV-1a lanes with different offset bases over the pack's JSON, 16 hex digits.

const FNV_PRIME = 0x01000193;
const OFFSETS = [0x811c9dc5, 0x050c5d1f] as const;

function fnv1a(text: string, offset: number): string {
  let hash = offset;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The version of a pack of these texts (key order counts, as it does in the JSON the server sends). */
export function languagePackVersion(record: Readonly<Record<string, string>>): string {
  const json = JSON.stringify(record);
  return OFFSETS.map((offset) => fnv1a(json, offset)).join('');
}
