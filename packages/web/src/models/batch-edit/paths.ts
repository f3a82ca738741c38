// The batch edit history page (spec §2 /batch-edit/history): its state lives in the query string (the
// model shown, the page, the batch opened), so a link opens it where it was.
export interface BatchHistoryState {
  model?: string;
  batch?: string;
  page?: number;
}

export const BATCH_HISTORY_PATH = '/batch-edit/history';

export function batchHistoryPath(state: BatchHistoryState = {}): string {
  const query = new URLSearchParams();
  if (state.model) query.set('model', state.model);
  if (state.page && state.page > 1) query.set('page', String(state.page));
  if (state.batch) query.set('batch', state.batch);
  const text = query.toString();
  return text ? `${BATCH_HISTORY_PATH}?${text}` : BATCH_HISTORY_PATH;
}
