// {webapi} model/user_define_config: the signed-in user's table columns per model and saved views
// (spec §3 user_define_config, §5 "Table column choice: up to 20 fields", "View names must be unique,
// with consecutive serial numbers").
import type { SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

const CONFIG = '/webapi/model/user_define_config/do';

export interface SavedView {
  sid: string;
  name: string;
  serial: number;
  iql: string;
  columns: string[] | null;
}

/** null: the user has not chosen columns, the model's defaults apply. */
export function fetchHeaderColumns(model: string): Promise<RequestResult<DataEnvelope<{ columns: string[] | null }>>> {
  return request({ url: `${CONFIG}/search_header`, query: { model } });
}

export function saveHeaderColumns(model: string, columns: string[]): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${CONFIG}/save_header`, method: 'POST', body: { model, columns } });
}

export function fetchSavedViews(model: string): Promise<RequestResult<DataEnvelope<SavedView[]>>> {
  return request({ url: `${CONFIG}/search`, method: 'POST', body: { model } });
}

/** A duplicate name answers 409201; the caller shows it next to the name (silent). */
export function createSavedView(input: {
  model: string;
  name: string;
  iql: string;
  columns?: string[];
}): Promise<RequestResult<DataEnvelope<SavedView>>> {
  return request({ url: `${CONFIG}/create`, method: 'POST', body: input, silent: true });
}

export function deleteSavedView(sid: string): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${CONFIG}/delete/${encodeURIComponent(sid)}`, method: 'POST', body: {} });
}
