// Searches with a substring test take a page by walking the sort order first and, when the walk does not
// hold the page, by collecting every match (search.ts, pageOfSubstringSearch). With SEARCH_WALK_ROWS at
// 100 and 150 records, common terms are answered from the walk and rare ones from the collected matches;
// either way the page must be exactly what the query asks for: order, offset, cursor, nulls, data scope.
import { defineModel, field, MODEL_CATALOG, parseIql } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { createModelRegistry } from './registry.js';
import { hasSubstringTest } from './search.js';

const widget = defineModel({
  name: 'test_widget',
  label: { zh: '测试部件', en: 'Test widget' },
  titleField: 'title',
  fields: {
    title: field('text', { label: { zh: '名称', en: 'Title' }, required: true, flags: { keyword: true } }),
    code: field('text', { label: { zh: '编号', en: 'Code' }, required: true, unique: true, maxLength: 20 }),
    weight: field('number', { label: { zh: '重量', en: 'Weight' }, min: 0, max: 1000 }),
  },
});

interface Widget {
  code: string;
  title: string;
  weight: number | null;
  /** Whose it is: the reader with the "own" scope made every fifth one. */
  mine: boolean;
  /** Creation order; updated_at follows it, so the default order (updated_at DESC) is its reverse. */
  made: number;
}

const COUNT = 150;
// 'Alpha' is in every second title (answered from the walk); '稀有' in four (the later pages by weight
// and the cursor's pages newest first need the collected matches); 'zz' in none. Weights are distinct,
// or empty (sorted last), so the order is the same here and in the database.
const RARE = new Set([7, 131, 135, 143]);
const widgets: Widget[] = Array.from({ length: COUNT }, (_, i) => ({
  code: `W-${String(i).padStart(3, '0')}`,
  title: `${i % 2 === 0 ? 'Alpha' : 'Beta'} ${RARE.has(i) ? '稀有部件' : '部件'} ${i}`,
  weight: i % 3 === 0 ? null : (i * 37) % 151,
  mine: i % 5 === 0,
  made: i,
}));

describe(`substring searches by walk, then by matches (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp({ SEARCH_WALK_ROWS: '100' }, createModelRegistry([...MODEL_CATALOG, widget]));
    const tenant = await createTenant(t);
    const everyone = await createUser(t, tenant);
    const own = await createUser(t, tenant);
    await grantRole(t, tenant, [everyone.sid]);
    await grantRole(t, tenant, [own.sid], { dataScope: 'own' });
    admin = await signIn(t.app, everyone.account, everyone.password);
    owner = await signIn(t.app, own.account, own.password);
    for (const w of widgets) {
      t.clock.now = new Date(t.clock.now.getTime() + 1000); // distinct updated_at, well within a token's life
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/test_widget/do/create',
        headers: authed(w.mine ? owner : admin),
        payload: { data: { code: w.code, title: w.title, weight: w.weight } },
      });
      expect(res.statusCode).toBe(200);
    }
  }, 120_000);
  afterAll(() => t.close());

  const search = async (session: SignedIn, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/test_widget/do/search',
      headers: authed(session),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rows: Array<{ code: string }>; next_cursor?: string };
  };

  const byWeightDesc = (a: Widget, b: Widget) => (b.weight ?? -1) - (a.weight ?? -1);
  const newestFirst = (a: Widget, b: Widget) => b.made - a.made;
  const codes = (list: Widget[]) => list.map((w) => w.code);

  it.each([
    ['a common term', 'Alpha'],
    ['a rare term', '稀有'],
    ['a term nobody has', 'zz'],
  ])('pages %s by offset in an order with empty values exactly as the query asks', async (_name, term) => {
    const matching = widgets.filter((w) => w.title.includes(term)).sort(byWeightDesc);
    for (const page of [1, 2, 3]) {
      const found = await search(admin, {
        iql: `title CONTAINS '${term}' ORDER BY weight DESC`,
        page,
        size: 2,
        total: true,
      });
      expect(found.rows.map((r) => r.code)).toEqual(codes(matching.slice((page - 1) * 2, page * 2)));
    }
  });

  it.each([
    ['a common term', 'Alpha'],
    ['a rare term', '稀有'],
  ])('pages %s by cursor through every match once, newest first', async (_name, term) => {
    const matching = codes(widgets.filter((w) => w.title.includes(term)).sort(newestFirst));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search(admin, { iql: `title CONTAINS '${term}'`, rows: 3, ...(cursor && { cursor }) });
      seen.push(...page.rows.map((r) => r.code));
      cursor = page.next_cursor;
    } while (cursor && seen.length <= COUNT);
    expect(seen).toEqual(matching);
  });

  it('combines the substring test with other conditions, MATCH and ENDS WITH', async () => {
    const first = await search(admin, { iql: "title CONTAINS '稀有' AND weight > 50 ORDER BY code ASC", rows: 5 });
    expect(first.rows.map((r) => r.code)).toEqual(
      codes(widgets.filter((w) => w.title.includes('稀有') && (w.weight ?? 0) > 50)),
    );
    const matched = await search(admin, { iql: "MATCH '稀有部件' ORDER BY code DESC", rows: 2 });
    expect(matched.rows.map((r) => r.code)).toEqual(['W-143', 'W-135']);
    const ending = await search(admin, { iql: "title ENDS WITH ' 7' OR title ENDS WITH ' 143'", rows: 5 });
    expect(ending.rows.map((r) => r.code)).toEqual(['W-143', 'W-007']);
  });

  it('keeps to the data scope in the walk and in the matches', async () => {
    const mine = widgets.filter((w) => w.mine);
    const common = await search(owner, { iql: "title CONTAINS 'Alpha' ORDER BY code ASC", rows: 4 });
    expect(common.rows.map((r) => r.code)).toEqual(codes(mine.filter((w) => w.title.includes('Alpha')).slice(0, 4)));
    // Of the four rare ones only 135 is the owner's.
    expect((await search(owner, { iql: "title CONTAINS '稀有'", rows: 2 })).rows.map((r) => r.code)).toEqual(['W-135']);
    expect((await search(admin, { iql: "title CONTAINS '稀有'", rows: 5 })).rows).toHaveLength(4);
  });
});

describe('which searches take the walk', () => {
  it.each([
    ["title CONTAINS '电池'", true],
    ["title ENDS WITH '池'", true],
    ["title LIKE '%电_'", true],
    ["MATCH 'battery'", true],
    ["code = 'W-1' OR NOT (title CONTAINS 'x')", true],
    ["title STARTS WITH '电'", false],
    ["code = 'W-1' AND weight > 3", false],
    ['', false],
  ])('%j: %s', (iql, expected) => {
    expect(hasSubstringTest(parseIql(iql).where)).toBe(expected);
  });
});
