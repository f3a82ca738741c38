// Migration 0032: custom fields of the category kinds held dictionary keys; the dictionary's options become
// category records (names, parents, order, disabled → invalid), a stored key without an option becomes a
// category named after it, and the stored keys become the categories' sids in place, order kept; another
// tenant's are left alone; the definitions no longer name a dictionary. PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { categoryRecords } from '../../db/migrations/0032-category-records.js';

const definition = (kind: string, extra: Record<string, unknown>) => ({
  name_zh: '分类',
  name_en: 'Category',
  kind,
  multiple: false,
  scope: [],
  min_length: null,
  max_length: null,
  required: false,
  dictionary: null,
  flags: {
    search_filter: true,
    process_variable: false,
    approval: false,
    table_column: true,
    import: true,
    export: true,
    batch_edit: false,
  },
  ...extra,
});

describe(`migration 0032: category keys as records (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t.close());

  it('turns the dictionaries’ options into categories and the stored keys into their sids', async () => {
    const db = t.database.db;
    const a = await createTenant(t);
    const b = await createTenant(t);
    const option = async (tenant: string, dictionary: string, key: string, zh: string, en: string, extra = {}) => {
      const o = { parent: null as string | null, disabled: false, sort: 0, ...extra };
      await db.query(
        `INSERT INTO dictionary_option (tenant_sid, dictionary, key, parent_key, label_zh, label_en, disabled, sort_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), now())`,
        [tenant, dictionary, key, o.parent, zh, en, o.disabled, o.sort],
      );
    };
    await option(a.sid, 'product_category', 'electronics', '电子', 'Electronics', { sort: 1 });
    await option(a.sid, 'product_category', 'chips', '半导体', 'Semiconductors', { parent: 'electronics' });
    await option(a.sid, 'product_category', 'old', '旧品类', 'Old line', { disabled: true });
    await option(a.sid, 'my_tech', 'ai', '人工智能', 'AI');
    const field = async (tenant: string, code: string, def: object) =>
      db.query(
        `INSERT INTO custom_field (sid, tenant_sid, model, code, published, published_at, created_at, updated_at)
         VALUES ($1, $2, 'patent', $3, $4, now(), now(), now())`,
        [newSid(), tenant, code, JSON.stringify(def)],
      );
    await field(a.sid, 'lines', definition('productCategory', { multiple: true }));
    await field(a.sid, 'tech', definition('technologyCategory', { dictionary: 'my_tech' }));
    await field(b.sid, 'lines', definition('productCategory', { multiple: true }));
    await db.query(
      `INSERT INTO model_schema_version (tenant_sid, model, version) VALUES ($1, 'patent', 1), ($2, 'patent', 1)`,
      [a.sid, b.sid],
    );
    const patent = async (tenant: string, sn: string, custom: object) => {
      const sid = newSid();
      await db.query(
        `INSERT INTO m_patent (sid, tenant_sid, company_sid, created_at, updated_at, title, sn, patent_type, country, custom)
         VALUES ($1, $2, $2, now(), now(), 'T', $3, 'invention', 'CN', $4)`,
        [sid, tenant, sn, JSON.stringify(custom)],
      );
      return sid;
    };
    const p1 = await patent(a.sid, 'MC-1', { lines: ['chips', 'electronics'], tech: 'ai', note: 'x' });
    const p2 = await patent(a.sid, 'MC-2', { lines: ['ghost'] });
    const p3 = await patent(a.sid, 'MC-3', {});
    const p4 = await patent(b.sid, 'MC-4', { lines: ['chips'] });

    await db.exec(categoryRecords.sql);

    const categories = await db.query<{
      sid: string;
      tenant_sid: string;
      code: string;
      name: string;
      name_en: string | null;
      parent_category: string | null;
      status: string;
      sort_order: string | number;
    }>(`SELECT * FROM m_product_category WHERE tenant_sid = ANY($1::text[]) ORDER BY code`, [[a.sid, b.sid]]);
    const of = (tenant: string, code: string) => categories.find((c) => c.tenant_sid === tenant && c.code === code)!;
    expect(categories.filter((c) => c.tenant_sid === a.sid).map((c) => c.code)).toEqual([
      'chips',
      'electronics',
      'ghost',
      'old',
    ]);
    expect(of(a.sid, 'chips')).toMatchObject({ name: '半导体', name_en: 'Semiconductors', status: 'valid' });
    expect(of(a.sid, 'chips').parent_category).toBe(of(a.sid, 'electronics').sid);
    expect(Number(of(a.sid, 'electronics').sort_order)).toBe(1);
    expect(of(a.sid, 'old').status).toBe('invalid');
    expect(of(a.sid, 'ghost')).toMatchObject({ name: 'ghost', status: 'valid', parent_category: null });
    // Tenant b had no options: its stored key became a category of its own.
    expect(categories.filter((c) => c.tenant_sid === b.sid).map((c) => c.code)).toEqual(['chips']);
    const [ai] = await db.query<{ sid: string; name: string }>(
      `SELECT sid, name FROM m_tech_category WHERE tenant_sid = $1 AND code = 'ai'`,
      [a.sid],
    );
    expect(ai?.name).toBe('人工智能');

    const rows = await db.query<{ sid: string; custom: Record<string, unknown> }>(
      'SELECT sid, custom FROM m_patent WHERE sid = ANY($1::text[])',
      [[p1, p2, p3, p4]],
    );
    const custom = (sid: string) => rows.find((r) => r.sid === sid)!.custom;
    expect(custom(p1)).toEqual({
      lines: [of(a.sid, 'chips').sid, of(a.sid, 'electronics').sid],
      tech: ai!.sid,
      note: 'x',
    });
    expect(custom(p2)).toEqual({ lines: [of(a.sid, 'ghost').sid] });
    expect(custom(p3)).toEqual({});
    expect(custom(p4)).toEqual({ lines: [of(b.sid, 'chips').sid] });
    const defs = await db.query<{ published: Record<string, unknown> }>(
      `SELECT published FROM custom_field WHERE tenant_sid = $1 ORDER BY code`,
      [a.sid],
    );
    for (const { published } of defs) expect(published).not.toHaveProperty('dictionary');

    // The case reads its categories by name, as any reference.
    const user = await createUser(t, a, { isTenantAdmin: true });
    const session = await signIn(t.app, user.account, user.password);
    const read = await t.app.inject({ method: 'GET', url: `/webapi/model/patent/${p1}`, headers: authed(session) });
    expect(read.json().titles.product_category).toEqual({
      [of(a.sid, 'chips').sid]: 'Semiconductors',
      [of(a.sid, 'electronics').sid]: 'Electronics',
    });
    expect(read.json().titles.tech_category).toEqual({ [ai!.sid]: 'AI' });
  });
});
