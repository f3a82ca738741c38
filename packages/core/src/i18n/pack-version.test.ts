import { describe, expect, it } from 'vitest';
import { messages } from './index.js';
import { languagePackVersion } from './pack-version.js';

describe('languagePackVersion', () => {
  it('is 16 hex digits, the same for the same texts and another for any change', () => {
    const version = languagePackVersion(messages.en);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(languagePackVersion({ ...messages.en })).toBe(version);
    expect(languagePackVersion({ ...messages.en, 'login.title': `${messages.en['login.title']}!` })).not.toBe(version);
    expect(languagePackVersion(messages['zh-CN'])).not.toBe(version);
  });

  it('depends on the order of the keys, as the JSON sent does', () => {
    expect(languagePackVersion({ a: '1', b: '2' })).not.toBe(languagePackVersion({ b: '2', a: '1' }));
    expect(languagePackVersion({})).toBe(languagePackVersion({}));
  });
});
