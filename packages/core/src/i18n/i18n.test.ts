import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import {
  interpolate,
  languageFromAcceptLanguage,
  LANGUAGES,
  matchLanguage,
  messages,
  placeholdersOf,
  resolveLanguage,
  translate,
} from './index.js';
import { zhCN } from './zh-CN.js';

/** Keys present in one pack and missing in another, as "lang: key" lines. */
export function missingKeys(packs: Record<string, Record<string, string>>): string[] {
  const all = new Set(Object.values(packs).flatMap((pack) => Object.keys(pack)));
  return Object.entries(packs).flatMap(([language, pack]) =>
    [...all].filter((key) => !Object.prototype.hasOwnProperty.call(pack, key)).map((key) => `${language}: ${key}`),
  );
}

describe('language packs', () => {
  it('every key exists in every language', () => {
    expect(missingKeys(messages)).toEqual([]);
  });

  it('the parity check catches a key that exists in one language only', () => {
    const broken = { 'zh-CN': { ...zhCN, 'only.zh': '仅中文' }, en: { ...en } };
    expect(missingKeys(broken)).toEqual(['en: only.zh']);
    const { 'page.notFound.title': _dropped, ...enWithout } = en;
    expect(missingKeys({ 'zh-CN': zhCN, en: enWithout })).toEqual(['en: page.notFound.title']);
  });

  it('no text is empty', () => {
    for (const language of LANGUAGES) {
      const empty = Object.entries(messages[language]).filter(([, text]) => text.trim() === '');
      expect(empty, language).toEqual([]);
    }
  });

  it('each text uses the same placeholders in every language', () => {
    const differing = Object.keys(zhCN).filter(
      (key) =>
        placeholdersOf(zhCN[key as keyof typeof zhCN]).join() !== placeholdersOf(en[key as keyof typeof en]).join(),
    );
    expect(differing).toEqual([]);
  });

  it('English texts contain no Chinese, except language names', () => {
    const chinese = Object.entries(en).filter(
      ([key, text]) => /[\u4e00-\u9fff]/.test(text) && key !== 'language.zh-CN',
    );
    expect(chinese).toEqual([]);
  });
});

describe('language resolution', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['fr', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('matchLanguage(%j) = %j', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });

  it('picks the best supported Accept-Language entry by weight', () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,en-US;q=0.8,zh;q=0.7')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.5,zh-CN;q=0.9')).toBe('zh-CN');
    expect(languageFromAcceptLanguage('en;q=0,de')).toBeUndefined();
    expect(languageFromAcceptLanguage('garbage;;;q=abc')).toBeUndefined();
  });

  it('prefers the explicit language, then Accept-Language, then zh-CN', () => {
    expect(resolveLanguage('en', 'zh-CN')).toBe('en');
    expect(resolveLanguage('xx', 'en-US')).toBe('en');
    expect(resolveLanguage(undefined, undefined)).toBe('zh-CN');
  });
});

describe('translate', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(translate('en', 'validation.field', { label: 'Name', message: 'is required' })).toBe('Name: is required');
    expect(translate('zh-CN', 'validation.field', { label: '名称', message: '必填' })).toBe('名称：必填');
    expect(interpolate('{{a}} {{ b }} {{c}}', { a: 1, b: 'x' })).toBe('1 x {{c}}');
  });

  it('does not read inherited properties as parameters', () => {
    expect(interpolate('{{constructor}}', {})).toBe('{{constructor}}');
  });
});
