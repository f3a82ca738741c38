// Deadlines as an iCalendar file (RFC 5545), so users can subscribe to or import them into their own
// calendar: one all-day event per deadline, text escaped (§3.3.11) and lines folded at 75 octets
// (§3.1), CRLF line ends.
import { addDays, type IsoDate } from './period.js';

export interface CalendarEntry {
  /** Stable across exports, so a re-import updates instead of duplicating. */
  uid: string;
  date: IsoDate;
  summary: string;
  description?: string;
  /** When the entry last changed (DTSTAMP). */
  stamp: Date;
}

/*
 * TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped; a line break of any kind
 * (CRLF, LF or a lone CR) becomes the two characters backslash-n; every other control character (CONTROL in §3.1:
 * %x00-08, %x0A-1F, %x7F) is not allowed in a TEXT value and is dropped. A lone CR written raw ended
 * the content line early for strict parsers, which then lost the SUMMARY. HTAB is allowed and kept.
 */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- the control characters are what this removes
      .replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, '')
  );
}

/** Folds a content line so no physical line exceeds 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (date: IsoDate) => date.replaceAll('-', '');
const compactStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

export function toICalendar(entries: readonly CalendarEntry[], calendarName: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//IPDesk//Deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName)}`,
  ];
  for (const entry of entries) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${entry.uid}`,
      `DTSTAMP:${compactStamp(entry.stamp)}`,
      `DTSTART;VALUE=DATE:${compactDate(entry.date)}`,
      `DTEND;VALUE=DATE:${compactDate(addDays(entry.date, 1))}`,
      `SUMMARY:${escapeText(entry.summary)}`,
      ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
