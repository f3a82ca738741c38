// {webapi} the resignation notice settings (docs/api/organisation-rbac.md "People"): who is told when
// someone resigns — the handover person, the system administrators and up to 20 further addresses.
// Both calls need the system.settings resource; saving is silent so the page shows the server's words.
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

export interface ResignationNotice {
  notify_handover: boolean;
  notify_admins: boolean;
  /** E-mail addresses; the server keeps a repeated one once (case-insensitively). */
  extra_recipients: string[];
}

/** The settings as read: with when they were last saved (null: never), sent back with a save. */
export interface SavedResignationNotice extends ResignationNotice {
  updated_at: string | null;
}

/** The server's limit on further recipients (MAX_EXTRA_RECIPIENTS of the resignation notice module). */
export const MAX_EXTRA_RECIPIENTS = 20;

const SETTING = '/webapi/setting/resignation_notice';

export function fetchResignationNotice(): Promise<RequestResult<DataEnvelope<SavedResignationNotice>>> {
  return request({ url: SETTING });
}

/** With the `updated_at` read: a save made meanwhile by someone else refuses this one (409000). */
export function updateResignationNotice(
  input: SavedResignationNotice,
): Promise<RequestResult<DataEnvelope<SavedResignationNotice>>> {
  return request({ url: `${SETTING}/do/update`, method: 'POST', body: input, silent: true });
}
