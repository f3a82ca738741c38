// Characters no stored text may hold: PostgreSQL text refuses NUL (a server error, not a refusal),
// and a lone UTF-16 surrogate is no character at all (it turns into U+FFFD or fails on the way to
// UTF-8). Both are refused at the edge, with the field named, before any query sees them.

/** A NUL, or a high surrogate not followed by a low one, or a low surrogate not after a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path (keys and indexes) of the first string or key with unstorable characters, or undefined.
 * Iterative, so a deeply nested body cannot overflow the stack or hide a NUL below a depth limit.
 */
export function findUnstorableText(root: unknown): Array<string | number> | undefined {
  const stack: Visit[] = [{ value: root }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) if (hasUnstorableCharacters(key)) return [...pathOf(visit), key];
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return undefined;
}
