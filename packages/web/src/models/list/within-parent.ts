// A list inside a parent record's tab (ModelDeclaration.parent): the user's query narrowed to the records
// whose parent field holds the parent's sid, so search, paging, counts and export all keep to that parent.
import type { Expression, IqlQuery } from '@ipdesk/core';

/** The parent a child list is limited to: the child's field pointing at the parent, and the parent's sid. */
export interface ParentFilter {
  field: string;
  sid: string;
}

const NO_SPAN = { start: 0, end: 0 };

/** The query with `<field> = '<sid>'` AND-ed in front of its condition (its order kept). */
export function withinParent(query: IqlQuery | undefined, within: ParentFilter | undefined): IqlQuery | undefined {
  if (!within) return query;
  const condition: Expression = {
    type: 'compare',
    field: { path: [within.field], span: NO_SPAN },
    operator: '=',
    value: { kind: 'string', value: within.sid, span: NO_SPAN },
    span: NO_SPAN,
  };
  return {
    where: query?.where ? { type: 'and', left: condition, right: query.where, span: NO_SPAN } : condition,
    orderBy: query?.orderBy ?? [],
  };
}

/** The new-record link of a child list: the form opens with the parent preset (and locked). */
export function newChildSearch(within: ParentFilter): string {
  return `?${new URLSearchParams({ [within.field]: within.sid }).toString()}`;
}
