import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_PREFERENCE_KEY, readPreference, resolvePreference, writePreference } from './preference';

beforeEach(() => localStorage.clear());

describe('resolvePreference (spec §1)', () => {
  it('uses an explicit choice whatever the browser says', () => {
    expect(resolvePreference('en', ['zh-CN'])).toBe('en');
    expect(resolvePreference('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('follows the first supported browser language on auto', () => {
    expect(resolvePreference('auto', ['en-US', 'zh-CN'])).toBe('en');
    expect(resolvePreference('auto', ['zh-TW'])).toBe('zh-CN');
    expect(resolvePreference('auto', ['fr-FR', 'en-GB'])).toBe('en');
  });

  it('falls back to zh-CN when no browser language is supported', () => {
    expect(resolvePreference('auto', ['fr-FR', 'de'])).toBe('zh-CN');
    expect(resolvePreference('auto', [])).toBe('zh-CN');
  });
});

describe('stored preference', () => {
  it('is auto when missing or unrecognised', () => {
    expect(readPreference(localStorage)).toBe('auto');
    localStorage.setItem(LANGUAGE_PREFERENCE_KEY, 'fr');
    expect(readPreference(localStorage)).toBe('auto');
  });

  it('round-trips every choice under the "language" key', () => {
    for (const preference of ['zh-CN', 'en', 'auto'] as const) {
      writePreference(localStorage, preference);
      expect(localStorage.getItem('language')).toBe(preference);
      expect(readPreference(localStorage)).toBe(preference);
    }
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('disabled');
      },
      setItem: () => {
        throw new Error('disabled');
      },
    } as unknown as Storage;
    expect(readPreference(broken)).toBe('auto');
    expect(() => writePreference(broken, 'en')).not.toThrow();
  });
});
