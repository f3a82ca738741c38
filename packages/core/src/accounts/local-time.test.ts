import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from './local-time.js';

describe('formatLocalDateTime', () => {
  const moment = new Date('2026-11-21T08:15:00Z');
  it('reads in the language and the time zone, with the offset', () => {
    expect(formatLocalDateTime(moment, 'zh-CN', 'Asia/Shanghai')).toBe('2026年11月21日 16:15 (GMT+8)');
    expect(formatLocalDateTime(moment, 'en', 'Asia/Shanghai')).toBe('21 November 2026 16:15 (GMT+8)');
    expect(formatLocalDateTime(moment, 'en', 'America/New_York')).toBe('21 November 2026 03:15 (GMT-5)');
  });
});
