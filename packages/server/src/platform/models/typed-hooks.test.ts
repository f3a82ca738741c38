// Typed records (docs/models.md "Typed records"): hooks keyed by a declaration get its row type
// (RowOf), and `col` takes only the columns a model has. The lines marked @ts-expect-error are the
// type test: `npm run typecheck` (tsconfig.tests.json) fails when a hook may read a field its model does
// not declare, or `col` takes an undeclared name — i.e. when the typing regresses. The tests below run
// the hook through the record API and hold the row it is handed to the types RowOf gives each kind.
// Runs on PGlite and PostgreSQL.
import { col, defineModel, field, MODEL_CATALOG, patentModel, tableOf, type RowOf } from '@ipdesk/core';
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
import { createHookRegistry, type ModelHooks } from './hooks.js';
import { createModelRegistry } from './registry.js';

const gadget = defineModel({
  name: 'test_gadget',
  label: { zh: '测试器件', en: 'Test gadget' },
  titleField: 'title',
  fields: {
    title: field('text', { label: { zh: '名称', en: 'Title' }, required: true }),
    note: field('longText', { label: { zh: '备注', en: 'Note' } }),
    weight: field('number', { label: { zh: '重量', en: 'Weight' }, scale: 2 }),
    cost: field('money', { label: { zh: '成本', en: 'Cost' }, scale: 2 }),
    price: field('currencyAmount', { label: { zh: '价格', en: 'Price' } }),
    made_on: field('date', { label: { zh: '制造日', en: 'Made on' } }),
    checked_at: field('timestamp', { label: { zh: '检查时间', en: 'Checked at' } }),
    fragile: field('boolean', { label: { zh: '易碎', en: 'Fragile' } }),
    tags: field('text', { label: { zh: '标签', en: 'Tags' }, multiple: true }),
  },
});

type GadgetRow = RowOf<typeof gadget>;

// ---- the type test (checked by tsc, never run)

export function typeTest(): void {
  const registry = createHookRegistry();
  registry.add(patentModel, {
    async afterWrite(_tx, { before, after }) {
      // Declared fields have their kinds' types: required text is a string, a date 'YYYY-MM-DD' or null.
      const title: string = after.title;
      const filed: string | null = after.filing_date;
      const ipc: string[] | null = after.ipc;
      const version: number = after.version;
      void [title, filed, ipc, version, before?.sn];
      // @ts-expect-error a hook reads a field the patent model does not declare
      void after.application_no;
      // @ts-expect-error an optional field may be null
      const status: string = after.status;
      void status;
    },
    async warnings(_db, { record }) {
      // A form's values are unknown until checked; only the declared names are known.
      const number: unknown = record.application_number;
      // @ts-expect-error an undeclared name in a warnings hook
      void record.application_no;
      void number;
      return [];
    },
    // @ts-expect-error the warnings read declared fields only
    warningFields: ['application_no'],
  });
  const table: 'm_patent' = tableOf(patentModel);
  const column: 'application_number' = col(patentModel, 'application_number');
  void [table, column, col(patentModel, 'tenant_sid'), col(gadget, 'price_currency')];
  // @ts-expect-error col takes only the model's columns
  col(patentModel, 'application_no');
  // @ts-expect-error a currency column exists only beside a money field
  col(gadget, 'cost_currency');
}

// ---- the rows a hook is handed, as they are

describe(`typed hooks (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let session: SignedIn;
  let weightHidden: SignedIn;
  const written: Array<{ before: GadgetRow | undefined; after: GadgetRow }> = [];
  beforeAll(async () => {
    const registry = createModelRegistry([...MODEL_CATALOG, gadget]);
    const hooks: ModelHooks<GadgetRow> = {
      async afterWrite(_tx, { before, after }) {
        written.push({ before, after });
      },
    };
    registry.hooks.add(gadget, hooks);
    t = await createAccountsTestApp({}, registry);
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid]);
    session = await signIn(t.app, user.account, user.password);
    const other = await createUser(t, tenant);
    await grantRole(t, tenant, [other.sid], {
      fieldRules: [{ model: 'test_gadget', field: 'weight', access: 'hidden' }],
    });
    weightHidden = await signIn(t.app, other.account, other.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, who = session) =>
    t.app.inject({ method: 'POST', url: `/webapi/model/test_gadget/${url}`, headers: authed(who), payload });

  it('hands the hook the row with each kind’s value type, as RowOf says', async () => {
    const created = await post('do/create', {
      data: {
        title: 'Widget',
        note: 'long',
        weight: 1.25,
        cost: 12.5,
        price: { amount: '99.5', currency: 'USD' },
        made_on: '2026-03-01',
        checked_at: '2026-03-02T08:30:00Z',
        fragile: true,
        tags: ['a', 'b'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(written).toHaveLength(1);
    const { before, after } = written[0]!;
    expect(before).toBeUndefined();
    expect(after.sid).toBe(created.json().data.sid);
    expect(after.title).toBe('Widget');
    expect(after.note).toBe('long');
    // Numerics as numbers, dates as text, timestamps as Dates, money as its wire value: on both engines.
    expect(after.weight).toBe(1.25);
    expect(after.cost).toBe(12.5);
    expect(after.price).toEqual({ amount: '99.50', currency: 'USD' });
    expect(after.made_on).toBe('2026-03-01');
    expect(after.checked_at).toEqual(new Date('2026-03-02T08:30:00Z'));
    expect(after.fragile).toBe(true);
    expect(after.tags).toEqual(['a', 'b']);
    expect(after.created_at).toBeInstanceOf(Date);
    expect(after.updated_at).toBeInstanceOf(Date);
    expect(after.version).toBe(1);
    expect(typeof after.created_by).toBe('string');
    expect(typeof after.company_sid).toBe('string');
    // Exactly the system columns SystemRow names and the declared fields: no tenant_sid, no custom.
    const systemColumns = ['sid', 'company_sid', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];
    expect(Object.keys(after).sort()).toEqual([...systemColumns, ...Object.keys(gadget.fields)].sort());
  });

  it('gives the fields left empty as null, and the row before an update', async () => {
    const created = await post('do/create', { data: { title: 'Bare' } });
    expect(created.statusCode, created.body).toBe(200);
    const { sid, version } = created.json().data as { sid: string; version: number };
    const updated = await post('do/update', { sid, version, data: { weight: 3 } });
    expect(updated.statusCode, updated.body).toBe(200);
    const { before, after } = written.at(-1)!;
    expect(before?.weight).toBeNull();
    expect(before?.made_on).toBeNull();
    expect(before?.price).toBeNull();
    expect(after.weight).toBe(3);
    expect(after.version).toBe(2);
  });

  // A hook reads whole rows whoever writes: a field hidden from the caller is still there for it (a hook that
  // took it for empty would overwrite it), while the answer and the caller's history leave it out.
  it('hands the hook a field hidden from the caller, and leaves it out of the answer', async () => {
    const created = await post('do/create', { data: { title: 'Heavy', weight: 7 } });
    expect(created.statusCode, created.body).toBe(200);
    const { sid, version } = created.json().data as { sid: string; version: number };
    const updated = await post('do/update', { sid, version, data: { title: 'Heavier' } }, weightHidden);
    expect(updated.statusCode, updated.body).toBe(200);
    expect('weight' in (updated.json().data as object)).toBe(false);
    const { before, after } = written.at(-1)!;
    expect(after.title).toBe('Heavier');
    expect(before?.weight).toBe(7);
    expect(after.weight).toBe(7);
    const [stored] = await t.database.db.query<{ weight: number }>(
      `SELECT ${col(gadget, 'weight')} FROM ${tableOf(gadget)} WHERE sid = $1`,
      [sid],
    );
    expect(stored?.weight).toBe(7);
  });
});
