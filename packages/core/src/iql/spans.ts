// Removes the spans from a syntax tree: two trees that mean the same query are then deep-equal, whatever
// spacing or spelling their texts used (the round-trip tests, and callers comparing queries).

/** A tree type without its `span` properties. */
export type WithoutSpans<T> = T extends readonly (infer Item)[]
  ? WithoutSpans<Item>[]
  : T extends object
    ? { [K in keyof T as K extends 'span' ? never : K]: WithoutSpans<T[K]> }
    : T;

export function stripSpans<T>(value: T): WithoutSpans<T> {
  return strip(value) as WithoutSpans<T>;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== 'span') copy[key] = strip(item);
  }
  return copy;
}
