// A moment as people read it in their language and time zone ("2026年11月21日 16:15 GMT+8",
// "21 November 2026, 16:15 GMT+8"), for messages such as the lockout's end. An ISO timestamp in UTC
// is what the lockout message showed before (issue 14): correct, and unreadable to most users.
import type { Language } from '../i18n/index.js';

const LOCALES: Record<Language, string> = { 'zh-CN': 'zh-CN', en: 'en-GB' };

export function formatLocalDateTime(moment: Date, language: Language, timeZone: string): string {
  const locale = LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  // The offset alone ("GMT+8"): Intl places a zone name inside the date in some locales.
  const zone = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(moment)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${date.format(moment)} ${time.format(moment)}${zone ? ` (${zone})` : ''}`;
}
