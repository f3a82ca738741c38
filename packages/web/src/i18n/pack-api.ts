// GET /webapi/front/search?language=…: the language pack (spec §7). Silent, because a missing pack is
// not the user's problem: the bundled texts stand in for it.
import { RESULT_CODES, type Language } from '@ipdesk/core';
import { request } from '../api/request';
import { isLanguagePack, type LanguagePack } from './pack-cache';

export async function fetchLanguagePack(language: Language): Promise<LanguagePack | undefined> {
  const answer = await request<unknown>({ url: '/webapi/front/search', query: { language }, silent: true });
  if (answer.result !== RESULT_CODES.success || !isLanguagePack(answer.data)) return undefined;
  return { version: answer.data.version, record: answer.data.record };
}
