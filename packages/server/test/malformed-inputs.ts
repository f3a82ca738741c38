// Malformed inputs for any route, derived from its declared zod schema: a plausible value for the
// schema (so a mutation reaches past the first check), the hostile values to put in its place, and the
// tell-tale signs of an answer that leaks internals. Used by the generic malformed-input test.
import { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  checks?: Array<{ _zod: { def: { check: string; format?: string; pattern?: RegExp; minimum?: number } } }>;
  format?: string;
};

const defOf = (schema: unknown): Def | undefined =>
  schema instanceof z.ZodType ? (schema as unknown as { _zod: { def: Def } })._zod.def : undefined;

const SID = 'Z'.repeat(16);

/** A value the schema is likely to accept (not guaranteed: refinements are not read). */
export function sampleOf(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 8) return undefined;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(def.shape ?? {})) {
        const value = sampleOf(inner, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleOf(def.innerType, depth + 1);
    case 'pipe':
      return sampleOf(def.in, depth + 1);
    case 'lazy':
      return def.getter ? sampleOf(def.getter(), depth + 1) : undefined;
    case 'array':
      return [];
    case 'record':
      return {};
    case 'union':
      return sampleOf(def.options?.[0], depth + 1);
    case 'intersection': {
      const left = sampleOf(def.left, depth + 1);
      const right = sampleOf(def.right, depth + 1);
      return typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left;
    }
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'boolean':
      return true;
    case 'number':
    case 'int':
    case 'bigint':
      return 1;
    case 'date':
      return '2026-01-01T00:00:00Z';
    case 'string':
      return sampleString(def);
    default:
      return undefined;
  }
}

function sampleString(def: Def): string {
  const format = def.format ?? def.checks?.find((c) => c._zod.def.format)?._zod.def.format;
  if (format === 'email') return 'someone@example.com';
  if (format === 'url') return 'https://example.com/';
  if (format === 'date') return '2026-01-01';
  if (format === 'datetime') return '2026-01-01T00:00:00Z';
  const pattern = def.checks?.find((c) => c._zod.def.pattern)?._zod.def.pattern;
  if (pattern) {
    for (const candidate of [SID, 'patent', 'abc', '2026-01-01', '0123456789abcdef0123456789abcdef', 'a1', '1'])
      if (pattern.test(candidate)) return candidate;
  }
  return 'x';
}

/** The top-level keys of an object schema (through optional and other wrappers), else none. */
export function keysOf(schema: unknown): string[] {
  let def = defOf(schema);
  for (let i = 0; def && i < 8; i++) {
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    def = defOf(def.innerType ?? def.in);
  }
  return [];
}

const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** Hostile values for one field, each with a name for the report. */
export const HOSTILE_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['true', true],
  ['empty string', ''],
  ['object', { a: 1 }],
  ['array of objects', [{ a: 1 }, null]],
  ['100k string', 'x'.repeat(100_000)],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\uD800b'],
  ['deep nesting', nested(2000)],
  ['huge number', 1e308],
  ['negative number', -1],
  ['unsafe integer', 2 ** 53 + 2],
  ['fraction', 1.5],
  ['impossible date', '2024-02-30'],
  ['impossible time', '0000-13-01T24:61:00Z'],
  ['SQL fragment', "x' OR 1=1; DROP TABLE patent; --"],
  ['iql fragment', "title = 'x' OR sid IS NOT NULL ORDER BY tenant_sid"],
  ['__proto__ object', JSON.parse('{"__proto__": {"polluted": true}}')],
  ['list of hostile strings', ['a\u0000', "' OR 1=1 --", '2024-02-30']],
];

/** Hostile query-string values (already URL-encoded). */
export const HOSTILE_QUERY_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['empty', ''],
  ['NUL', '%00'],
  ['invalid UTF-8', '%ED%A0%80'],
  ['20k string', 'x'.repeat(20_000)],
  ['negative number', '-1'],
  ['huge number', '1e308'],
  ['impossible date', '2024-02-30'],
  ['SQL fragment', encodeURIComponent("' OR 1=1 --")],
  ['iql fragment', encodeURIComponent("title = 'x' ORDER BY tenant_sid")],
];

/** Hostile path parameter values (URL-encoded). */
export const HOSTILE_PARAMS: readonly string[] = [
  '%00',
  'x'.repeat(199),
  '..%2F..%2Fetc',
  "'%20OR%201%3D1",
  '%ED%A0%80',
  '-1',
];

/** Whole bodies that are wrong as a whole, as raw JSON text. */
export const HOSTILE_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['array body', '[]'],
  ['string body', '"text"'],
  ['number body', '42'],
  ['null body', 'null'],
  ['empty object', '{}'],
  ['__proto__ body', '{"__proto__": {"isTenantAdmin": true}}'],
  ['constructor body', '{"constructor": {"prototype": {"x": 1}}}'],
  ['deeply nested body', `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
  ['1 MB string', JSON.stringify({ a: 'x'.repeat(1_048_576) })],
  ['huge number literal', '{"a": 1e400}'],
  ['broken JSON', '{"a": '],
];

/** Signs that an answer shows what only the server should know: SQL, a stack trace, a file path. */
export const LEAKS: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'SQL',
    /syntax error at or near|violates (?:not-null|unique|foreign key|check) constraint|relation "[^"]+" does not exist|column "[^"]+" (?:of relation|does not exist)|invalid input syntax for|out of range for type|date\/time field value out of range|\$\d+::\w+|\bSELECT\b[^"]{0,80}\bFROM\s+\w+\s+\w+\s+WHERE\b/i,
  ],
  ['stack trace', /\bat (?:async )?[\w$.<>]+ \([^)]*:\d+:\d+\)|\n\s+at \S/],
  ['file path', /(?:\/[\w.@-]+){2,}\.(?:ts|js|mjs|cjs)\b|node_modules|[A-Z]:\\\\/],
];

/** iql conditions to try on one field of a model: values of every type, impossible dates, relations,
 * orders and patterns, each a query the parser accepts but the model may not. */
export function iqlProbes(field: string): string[] {
  return [
    `${field} = '2024-02-30'`,
    `${field} = '0000-01-01T00:00:00Z'`,
    `${field} IN ('2024-01-01', 1, TRUE, NULL)`,
    `${field} BETWEEN 1 AND '2024-13-01'`,
    `${field} > 9007199254740991`,
    `${field} = -1.5`,
    `${field} = TRUE`,
    `${field} = NULL`,
    `${field} != NULL`,
    `${field} LIKE '%\\%'`,
    `${field} CONTAINS '${"'' OR 1=1 --"}'`,
    `${field} WITHIN LAST 3650 DAYS`,
    `${field} IS NOT NULL ORDER BY ${field} DESC`,
    `${field}.name = 'x'`,
    `${field}.sid IS NULL ORDER BY ${field}.name`,
    `MATCH 'x' ORDER BY ${field}`,
  ];
}
