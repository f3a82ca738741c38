// The caps of iql (SECURITY.md "Input & query safety"): they bound the parser's work and the SQL the
// server builds from a query, so a hostile or accidental query cannot cost more than a normal one.
export const IQL_LIMITS = {
  /** Characters (UTF-16 code units) of the whole text, checked before anything else is done. */
  maxLength: 20_000,
  /** Nesting of parentheses and NOT; the parser recurses once per level, so this also bounds its stack. */
  maxDepth: 32,
  /** Conditions (comparisons, IN, BETWEEN, text matches, IS NULL, WITHIN, MATCH) in one query. */
  maxPredicates: 200,
  /** Values in one IN list: the spec's batch search takes up to 1000 numbers at once. */
  maxInValues: 1000,
  /** Characters of one quoted text, after '' is read as one quote. */
  maxStringLength: 1000,
  /** Terms of ORDER BY. */
  maxOrderTerms: 5,
  /** Characters of each part of a field name (PostgreSQL names are at most 63 bytes). */
  maxFieldLength: 63,
  /** Largest n of WITHIN n DAYS (ten years) and WITHIN n MONTHS. */
  maxWindowDays: 3650,
  maxWindowMonths: 120,
} as const;
