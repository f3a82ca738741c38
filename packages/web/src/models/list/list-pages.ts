// The list's rows and its count, fetched so the rows come first. A page asks for rows only (total: false);
// once they are in, the count is asked for separately, first as an estimate (a broad query on a PostgreSQL
// server answers the planner's figure at once, shown as "about"), then exactly. Next and previous pages walk
// by keyset cursor (each answer's next_cursor opens the page after it); a page number nobody walked to is
// fetched by offset, which the server bounds (SEARCH_OFFSET_MAX).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { RESULT_CODES, SEARCH_OFFSET_MAX } from '@ipdesk/core';
import { reportFailure } from '../../api/failure-notifier';
import { countRecords, searchRecords } from '../../api/model';
import { modelKeys } from '../queries';
import { iqlFailureMessage } from './iql-failure';

/** A count is kept this long while paging (this user's own writes refresh it at once). */
const COUNT_FRESH_MS = 60_000;

export interface ListCount {
  total: number;
  /** The planner's estimate, while the exact count is on its way. */
  estimated: boolean;
}

/** One page of a list: what the table asks for, and what the early fetch (list-early.ts) asks for first. */
export interface ListPageInput {
  model: string;
  iql: string;
  fl: string[];
  page: number;
  size: number;
  cursor?: string;
}

// A page just fetched is shown without fetching it again when the table mounts over it (the early fetch
// filled it a moment before); writes refresh it at once anyway.
const PAGE_FRESH_MS = 5_000;

export function listPageQuery({ model, iql, fl, page, size, cursor }: ListPageInput) {
  return queryOptions({
    queryKey: modelKeys.search(model, { iql, page, size, fl, cursor: cursor ?? null }),
    queryFn: async () => {
      const outcome = await searchRecords(
        model,
        { iql: iql || undefined, size, fl, total: false, ...(cursor ? { cursor } : { page }) },
        { silent: true },
      );
      // A refused query is shown beside the search; every other failure as usual.
      if (outcome.result !== RESULT_CODES.success && !iqlFailureMessage(outcome.error)) reportFailure(outcome.error);
      return outcome;
    },
    staleTime: PAGE_FRESH_MS,
  });
}

/** The estimate of a list's count (exact where the server has no cheap estimate). */
export function listEstimateQuery(model: string, iql: string) {
  return queryOptions({
    queryKey: modelKeys.count(model, iql, 'estimate'),
    queryFn: () => countRecords(model, iql || undefined, { silent: true, estimate: true }),
    staleTime: COUNT_FRESH_MS,
  });
}

interface ListPagesInput {
  model: string;
  iql: string;
  fl: string[];
  page: number;
  size: number;
  enabled: boolean;
}

/** Cursors that open each page of one walk (one query, page size and column list). */
function useCursorMemory(walk: string) {
  const memory = useRef({ walk, byPage: new Map<number, string>() });
  if (memory.current.walk !== walk) memory.current = { walk, byPage: new Map() };
  return memory.current.byPage;
}

export function useListPages({ model, iql, fl, page, size, enabled }: ListPagesInput) {
  const cursors = useCursorMemory(JSON.stringify([iql, size, fl]));
  const cursor = page > 1 ? cursors.get(page) : undefined;
  const search = useQuery({
    ...listPageQuery({ model, iql, fl, page, size, cursor }),
    placeholderData: keepPreviousData,
    enabled,
  });
  // Each answer's cursor opens the page after it (recorded here, not in the fetch, so a page another
  // fetch put in the cache counts too).
  if (search.data?.result === RESULT_CODES.success && !search.isPlaceholderData && search.data.data.data.next_cursor)
    cursors.set(page + 1, search.data.data.data.next_cursor);
  const answered = search.data?.result === RESULT_CODES.success;
  // Counted once per query, after its first rows are in: paging does not count again, and the count
  // does not compete with the rows for the database.
  const countable = enabled && (answered || search.isError) && !search.isPlaceholderData;
  const estimate = useQuery({ ...listEstimateQuery(model, iql), enabled: countable });
  const estimated = estimate.data?.result === RESULT_CODES.success ? estimate.data.data.data : undefined;
  const exact = useQuery({
    queryKey: modelKeys.count(model, iql, 'exact'),
    queryFn: () => countRecords(model, iql || undefined, { silent: true }),
    enabled: countable && estimated?.estimated === true,
    staleTime: COUNT_FRESH_MS,
  });
  const counted = exact.data?.result === RESULT_CODES.success ? exact.data.data.data : undefined;
  const count: ListCount | undefined = counted
    ? { total: counted.total, estimated: false }
    : estimated && { total: estimated.total, estimated: estimated.estimated === true };
  return { search, count };
}

/**
 * The total the pager works with: the count when known, at least the rows reached so far (one more page
 * while a cursor leads on), and no further than an offset may jump unless walked there.
 */
export function pagerTotal(input: {
  count: number | undefined;
  page: number;
  size: number;
  rows: number | undefined;
  hasNext: boolean;
}): number {
  const { count, page, size, rows, hasNext } = input;
  // Before the first rows: one page's worth, so the pager holds its place (no shift when they arrive).
  if (rows === undefined) return size;
  const reached = (page - 1) * size + rows + (hasNext ? 1 : 0);
  if (count === undefined) return reached;
  return Math.max(reached, Math.min(count, SEARCH_OFFSET_MAX + size));
}
