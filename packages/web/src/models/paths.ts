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
