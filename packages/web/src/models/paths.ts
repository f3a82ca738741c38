// Routes of the generic model pages (app/router.tsx): list, new, detail and edit.
export function modelListPath(model: string): string {
  return `/model/${encodeURIComponent(model)}`;
}

export function newRecordPath(model: string): string {
  return `${modelListPath(model)}/new`;
}

/** `search` (e.g. "?sub_company_sid=…") is kept so a shared link stays in its company. */
export function recordPath(model: string, sid: string, search = ''): string {
  return `${modelListPath(model)}/${encodeURIComponent(sid)}${search}`;
}

export function editRecordPath(model: string, sid: string, search = ''): string {
  return `${modelListPath(model)}/${encodeURIComponent(sid)}/edit${search}`;
}

/** The query parameter naming the detail tab a link opens (a to-do opens the approval tab). */
export const TAB_PARAM = 'tab';

export function recordTabPath(model: string, sid: string, tab: string): string {
  return recordPath(model, sid, `?${new URLSearchParams({ [TAB_PARAM]: tab }).toString()}`);
}
