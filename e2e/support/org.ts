// Helpers for the organisation and permission tests: the names of the tenant's default menus (a new
// tenant's menus are seeded from DEFAULT_MENUS, so their names are not in the message catalogue), and
// the shell's side menu as a user sees it and clicks it.
import type { Page } from 'playwright-core';
import { DEFAULT_MENUS, type DefaultMenu, type Language } from '@ipdesk/core';

function findMenu(menus: readonly DefaultMenu[], key: string): DefaultMenu | undefined {
  for (const menu of menus) {
    if (menu.key === key) return menu;
    const below = findMenu(menu.children ?? [], key);
    if (below) return below;
  }
  return undefined;
}

/** The name of a default menu (by its key: 'home', 'patent', 'system', 'org', 'person', 'roles', …). */
export function menuName(key: string, language: Language = 'zh-CN'): string {
  const menu = findMenu(DEFAULT_MENUS, key);
  if (!menu) throw new Error(`no default menu ${key}`);
  return language === 'en' ? menu.label.en : menu.label.zh;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A side-menu entry (a page or a group's title) by its exact text; icons carry no text. */
export function menuEntry(page: Page, name: string) {
  return page.locator('[data-testid="app-shell"] [role="menuitem"]', {
    hasText: new RegExp(`^\\s*${escapeRegExp(name)}\\s*$`),
  });
}

/** Clicks through the side menu: the groups (opened when their entries are not shown yet), then the page. */
export async function openMenu(page: Page, ...names: string[]): Promise<void> {
  const [last, ...groups] = [...names].reverse();
  if (last === undefined) throw new Error('no menu to open');
  const target = menuEntry(page, last);
  for (const group of groups.reverse()) {
    if (await target.isVisible()) break;
    await menuEntry(page, group).click();
  }
  await target.click();
}

/** The texts of every side-menu entry shown (top-level pages and group titles), top to bottom. */
export async function shownMenuNames(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="app-shell"] [role="menuitem"]', (entries) =>
    entries
      .filter((entry) => (entry as HTMLElement).offsetParent !== null)
      .map((entry) => entry.textContent?.trim() ?? '')
      .filter(Boolean),
  );
}
