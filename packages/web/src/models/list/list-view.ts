// What a list asks the server for, from what the user chose: the shown columns, the iql text and the fields
// of a page. The list page and the early fetch (list-early.ts) both build it here, so the request the early
// fetch makes is by construction the one the page makes first, and a change to the page's defaults cannot
// leave the early fetch asking for something else.
import type { IqlQuery } from '@ipdesk/core';
import type { ModelSchema } from '../../api/model';
import { composeIql, type QuickFilter, type SortOrder } from '../search/iql-build';
import { listFields, resolveColumns } from './columns';

export interface ListChoices {
  /** The saved columns (a view's or the user's; null: the model's defaults). */
  saved: readonly string[] | null | undefined;
  query?: IqlQuery;
  quick?: QuickFilter;
  sort?: SortOrder;
}

export interface ListView {
  columns: string[];
  iql: string;
  /** The fields a page asks for (fl). */
  fields: string[];
}

export function listView(schema: ModelSchema, choices: ListChoices): ListView {
  const columns = resolveColumns(schema, choices.saved);
  return {
    columns,
    iql: composeIql(choices.query, { quick: choices.quick, sort: choices.sort }),
    fields: listFields(schema, columns),
  };
}
