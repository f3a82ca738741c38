import { describe, expect, it } from 'vitest';
import { foldLine, toICalendar } from './ical.js';

describe('deadlines as iCalendar (RFC 5545)', () => {
  it('writes one all-day event per deadline with escaped text and CRLF line ends', () => {
    const text = toICalendar(
      [
        {
          uid: 'abc@ipdesk',
          date: '2026-03-16',
          summary: '提出实质审查请求; CN-2023-1, 电池',
          description: 'line one\nline two',
          stamp: new Date('2026-01-02T03:04:05Z'),
        },
      ],
      'IPDesk',
    );
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART;VALUE=DATE:20260316');
    expect(lines).toContain('DTEND;VALUE=DATE:20260317');
    expect(lines).toContain('DTSTAMP:20260102T030405Z');
    expect(lines).toContain('SUMMARY:提出实质审查请求\\; CN-2023-1\\, 电池');
    expect(lines).toContain('DESCRIPTION:line one\\nline two');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'期限'.repeat(40)}`);
    const encoder = new TextEncoder();
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const line of physical) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(physical.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`SUMMARY:${'期限'.repeat(40)}`);
  });

  it('escapes every line break and drops other control characters (RFC 5545 §3.3.11, CONTROL of §3.1)', () => {
    const text = toICalendar(
      [
        {
          uid: 'cr@ipdesk',
          date: '2026-03-16',
          // A lone CR (the reported bug), LF, CRLF, a NUL, a bell, an escape, DEL; the tab is allowed.
          summary: 'Reply\rto OA\nnow\r\nplease\u0000\u0007\u001b\u007f\tend',
          description: 'a\rb',
          stamp: new Date('2026-01-02T03:04:05Z'),
        },
      ],
      'IP\rDesk',
    );
    const lines = text.split('\r\n');
    expect(lines).toContain('SUMMARY:Reply\\nto OA\\nnow\\nplease\tend');
    expect(lines).toContain('DESCRIPTION:a\\nb');
    expect(lines).toContain('X-WR-CALNAME:IP\\nDesk');
    // No control character but the CRLF line ends (and the allowed tab) is left anywhere.
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(/[\u0000-\u0008\u000A-\u001F\u007F]/.test(text.replace(/\r\n/g, ''))).toBe(false);
  });
});
