// The words iql reserves. A reserved word cannot start a field name, because where a field may stand
// (a condition's start, ORDER BY) or right after one, the parser must know a keyword from a name.
export const IQL_RESERVED_WORDS = [
  'AND',
  'OR',
  'NOT',
  'IN',
  'BETWEEN',
  'LIKE',
  'CONTAINS',
  'STARTS',
  'ENDS',
  'WITH',
  'IS',
  'NULL',
  'TRUE',
  'FALSE',
  'WITHIN',
  'MATCH',
  'ORDER',
  'BY',
  'ASC',
  'DESC',
] as const;

export type IqlReservedWord = (typeof IQL_RESERVED_WORDS)[number];

// TODAY, NEXT, DAYS and the other words of WITHIN only mean something right after it, so they are not
// reserved: a model may still have a field called `month` or `last`.
const reserved: ReadonlySet<string> = new Set(IQL_RESERVED_WORDS);

/** True for a word iql keeps for itself, in any letter case; model field names must avoid these. */
export function isIqlReservedWord(word: string): boolean {
  return reserved.has(word.toUpperCase());
}
