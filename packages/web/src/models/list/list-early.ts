// A list page's data, asked for as soon as the entry has run (main.tsx), instead of once the antd frame, the
// shell and the list's code have loaded and rendered: in a warm visit that code took ~800 ms to evaluate
// before the first call left (issue 16). The schema, saved columns and views go together, then the first
// page and its estimate, each under the key the list page reads, so the list draws its rows on its first
// render. The same query options as the page's own, so nothing differs but the moment.
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, RESULT_CODES } from '@ipdesk/core';
import { headerQuery, schemaQuery, viewsQuery } from '../queries';
import { listEstimateQuery, listPageQuery, type ListPageInput } from './list-pages';
import { listView } from './list-view';

/** What the list shows first: no query, no sort, page 1, the saved columns or the model's defaults (list-view.ts). */
export async function prefetchListPage(
  client: QueryClient,
  input: { model: string; language: string; loginTime: number },
): Promise<ListPageInput | undefined> {
  const { model, language, loginTime } = input;
  const [schema, header] = await Promise.all([
    client.fetchQuery(schemaQuery(model, language, loginTime)),
    client.fetchQuery(headerQuery(model)),
    client.prefetchQuery(viewsQuery(model)),
  ]);
  if (schema.result !== RESULT_CODES.success) return undefined;
  const saved = header.result === RESULT_CODES.success ? header.data.data.columns : null;
  const view = listView(schema.data.data, { saved });
  const first: ListPageInput = {
    model,
    iql: view.iql,
    fl: view.fields,
    page: 1,
    size: DEFAULT_PAGE_SIZE,
  };
  const page = await client.fetchQuery(listPageQuery(first));
  if (page.result === RESULT_CODES.success) await client.prefetchQuery(listEstimateQuery(model, first.iql));
  return first;
}
