// Per-session values every request carries (spec §7): the language, the access token while signed in,
// and once a user has chosen them, the sub-company and the menu resource being worked in. Set by the
// i18n layer and the session layer (session/store.ts); kept outside React so the request layer stays a
// plain module.
import { DEFAULT_LANGUAGE, type Language } from '@ipdesk/core';

export interface RequestContext {
  language: Language;
  /** The access token, sent as "Authorization: Bearer …" on same-origin calls while signed in. */
  authorization?: string;
  subCompanySid?: string;
  menuResourceCode?: string;
}

let context: RequestContext = { language: DEFAULT_LANGUAGE };

export function getRequestContext(): Readonly<RequestContext> {
  return context;
}

export function updateRequestContext(patch: Partial<RequestContext>): void {
  context = { ...context, ...patch };
}
