// Length limits count characters as the server does and refuse, never cut (issue 14).
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { i18n, startI18n } from '../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../testing/local-server';
import { characterCount, lengthCount, maxLengthRule } from './length-limit';

beforeAll(async () => {
  const gone = await startLocalServer();
  await gone.close();
  setPageUrl(`${gone.origin}/ip/`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
});

async function verdict(max: number, value: unknown): Promise<string | undefined> {
  const rule = maxLengthRule(max, i18n.t);
  if (typeof rule === 'function' || !rule.validator) throw new Error('a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('length limits', () => {
  it('count code points: an emoji or a rare character once, as the server does', () => {
    expect(characterCount('𠮷😀a')).toBe(3);
    expect(lengthCount(20).strategy('𠮷😀a')).toBe(3);
  });

  it('give antd a count with the maximum and no formatter that would cut', () => {
    const count = lengthCount(20);
    expect(count).toMatchObject({ show: true, max: 20 });
    expect(count).not.toHaveProperty('exceedFormatter');
    expect(lengthCount(20, false).show).toBe(false);
  });

  it('refuse a 22-character passport number for 20 with the length message; 20 passes', async () => {
    expect(await verdict(20, 'E'.repeat(22))).toBe(
      messages['zh-CN']['validation.tooBig.string'].replace('{{maximum}}', '20'),
    );
    expect(await verdict(20, 'E'.repeat(20))).toBeUndefined();
    expect(await verdict(2, '😀😀')).toBeUndefined();
    expect(await verdict(20, undefined)).toBeUndefined();
  });
});
