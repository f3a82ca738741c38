// The iql of the role list: the platform switch (enterprise / agency) and a keyword over name and code,
// ordered by weight (then name, so equal weights keep a stable order). Built as a tree and printed by
// core, so quotes in the keyword are escaped the way the server parses them.
import { IQL_LIMITS, printIql, type Expression, type RolePlatform, type Span } from '@ipdesk/core';

const NO_SPAN: Span = { start: 0, end: 0 };
const ref = (name: string) => ({ path: [name], span: NO_SPAN });

/** The list shows at most this many roles (spec §9: role list 100). */
export const ROLE_LIST_ROWS = 100;

export function roleListIql(platform: RolePlatform, keyword: string): string {
  const platformIs: Expression = {
    type: 'compare',
    field: ref('platform'),
    operator: '=',
    value: { kind: 'number', value: platform, span: NO_SPAN },
    span: NO_SPAN,
  };
  const text = keyword.trim().slice(0, IQL_LIMITS.maxStringLength);
  const contains = (field: string): Expression => ({
    type: 'text',
    field: ref(field),
    match: 'contains',
    pattern: text,
    negated: false,
    span: NO_SPAN,
  });
  const where: Expression = text
    ? {
        type: 'and',
        left: platformIs,
        right: { type: 'or', left: contains('name'), right: contains('code'), span: NO_SPAN },
        span: NO_SPAN,
      }
    : platformIs;
  return printIql({
    where,
    orderBy: [
      { field: ref('weight'), direction: 'asc' },
      { field: ref('name'), direction: 'asc' },
    ],
  });
}
