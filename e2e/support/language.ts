// Checks that a page speaks one language: on an English page no Chinese characters outside user data,
// on a Chinese page no English interface words, and on either no untranslated keys ("modelDetail.x").
import type { Page } from 'playwright-core';

export interface LanguageCheck {
  /** Texts the test itself entered (titles, names): allowed in either language. */
  userData?: readonly string[];
}

/** What the page shows (visible text, titles, placeholders, aria-labels), with the user's data removed. */
async function shownTexts(page: Page, userData: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // The record's own ID in its "Record information" is meant to be an id.
      if (!parent || parent.closest('script,style,noscript,[data-testid="detail-sid"]')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (node.textContent?.trim()) out.push(node.textContent.trim());
    }
    // antd's icons carry their English icon name as aria-label ("user", "search"); they are part of a
    // control whose own name is checked, so they are left out.
    for (const element of Array.from(document.querySelectorAll('[placeholder],[aria-label],[title]'))) {
      if (element.matches('.anticon, .anticon *')) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name);
        if (value?.trim()) out.push(value.trim());
      }
    }
    return out;
  });
  return texts.map((text) => userData.reduce((rest, data) => rest.split(data).join(' '), text));
}

const CJK = /[\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]/;
// A record id shown instead of the record's name (ids are 16 letters and digits, mixing both).
const RAW_ID = /^(?=.*\d)(?=.*[A-Za-z])[0-9A-Za-z]{16}$/;
const RAW_KEY = /\b[a-z][a-zA-Z]+(\.[a-zA-Z_]+){1,4}\b/;
// English words an interface would show; brand names, units and codes are allowed on a Chinese page.
const ENGLISH_WORD = /\b(?!IPDesk\b|iql\b|IPC\b|PCT\b|PDF\b|ID\b|CN\b|WO\b|EP\b|US\b|JP\b|KR\b|OK\b)[A-Za-z]{3,}\b/;

/** The texts breaking the page's language, empty when it is clean. */
export async function languageProblems(
  page: Page,
  language: 'zh-CN' | 'en',
  check: LanguageCheck = {},
): Promise<string[]> {
  const texts = await shownTexts(page, check.userData ?? []);
  return texts.filter((text) => {
    if (RAW_KEY.test(text) && !/\w@\w|https?:|\.(pdf|xlsx|png|ics)\b/i.test(text)) return true;
    if (RAW_ID.test(text)) return true;
    return language === 'en' ? CJK.test(text) : ENGLISH_WORD.test(text);
  });
}
