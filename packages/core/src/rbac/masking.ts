// Desensitisation (spec §6): roles without the right see ID numbers and mobile numbers masked, in API
// answers and exports. Masking keeps enough to recognise a number, never enough to use it.

export const SENSITIVE_KINDS = ['idNumber', 'mobile'] as const;
export type SensitiveKind = (typeof SENSITIVE_KINDS)[number];

function keepEnds(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length <= head + tail) return '*'.repeat(chars.length);
  return chars.slice(0, head).join('') + '*'.repeat(chars.length - head - tail) + chars.slice(-tail).join('');
}

export const MASKS: Record<SensitiveKind, (value: string) => string> = {
  /** 11010519491231002X → 110***********002X (the region prefix and the last four). */
  idNumber: (value) => keepEnds(value, 3, 4),
  /** 13812345678 → 138****5678. */
  mobile: (value) => keepEnds(value, 3, 4),
};

export function maskValue(kind: SensitiveKind, value: unknown): unknown {
  if (typeof value === 'string') return MASKS[kind](value);
  if (Array.isArray(value)) return value.map((item) => maskValue(kind, item));
  return value;
}
