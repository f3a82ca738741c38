// The generic record API's contract, held by every model of the catalog: for each, a record built from
// its declaration (test/record-values.ts) is created, read, found by iql, counted, updated with its
// version (a stale version refused), shown in its history, exported and deleted through the HTTP API, and
// a user without the model's grants is refused each of these. A model added to MODEL_CATALOG is covered
// here by being declared; models.test.ts proves the pipeline's details on a model of its own.
import {
  grantable,
  MODEL_ACTIONS,
  MODEL_CATALOG,
  modelResourceCode,
  newSid,
  type ModelDeclaration,
} from '@ipdesk/core';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
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
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { expectedStored, recordValues, referenceTargets, searchableTextField } from '../../../test/record-values.js';

const byName = new Map(MODEL_CATALOG.map((model) => [model.name, model]));

/** A fresh tag: lower-case letters and digits, so iql CONTAINS finds exactly the record carrying it. */
const newTag = () => newSid().toLowerCase().slice(0, 8);

describe(`every catalog model through the record API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  /** Where references to tables that are not declared models point: the admin, the company, a department. */
  let systemRefs: Record<string, string>;
  /** One record per model for other models' references to point at, made on first need. */
  const referenced = new Map<string, string>();

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    // Sees sensitive values unmasked, so answers can be compared with what was sent (masking: rbac tests).
    await grantRole(t, tenant, [user.sid], { showSensitive: true });
    admin = await signIn(t.app, user.account, user.password);
    const department = await send(admin, 'POST', '/webapi/department/do/create', {
      company_sid: tenant.rootCompany,
      name: `contract ${newTag()}`,
    });
    expect(department.statusCode, department.body).toBe(200);
    systemRefs = { user_info: user.sid, company: tenant.rootCompany, organization: department.json().data.sid };
  });
  afterAll(() => t?.close());

  function send(session: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: authed(session), ...(payload ? { payload } : {}) });
  }

  /** The calls of the contract for one model, as `session`. */
  function recordApi(model: ModelDeclaration, session: SignedIn) {
    const base = `/webapi/model/${model.name}`;
    return {
      create: (data: object) => send(session, 'POST', `${base}/do/create`, { data }),
      read: (sid: string) => send(session, 'GET', `${base}/${sid}`),
      search: (iql: string) => send(session, 'POST', `${base}/do/search`, { iql }),
      count: (iql: string) => send(session, 'POST', `${base}/do/count`, { iql }),
      update: (sid: string, version: number, data: object) =>
        send(session, 'POST', `${base}/do/update`, { sid, version, data }),
      history: (sid: string) => send(session, 'GET', `${base}/do/history/${sid}`),
      exportLink: (iql: string) => send(session, 'POST', `${base}/do/export`, { iql }),
      delete: (sid: string, version: number) => send(session, 'POST', `${base}/do/delete/${sid}`, { version }),
    };
  }

  /** Sids for the model's references: system targets, and a record of each declared target model. */
  async function referenceSources(model: ModelDeclaration, path: readonly string[] = []) {
    const refs: Record<string, string> = { ...systemRefs };
    const { required, optional } = referenceTargets(model);
    for (const target of [...required, ...optional]) {
      const declared = byName.get(target);
      if (!declared || target in refs) continue;
      // A cycle of references: an optional one is left empty, a required one cannot be built.
      if (path.includes(target) || target === model.name) {
        if (required.includes(target)) throw new Error(`${model.name} → ${target}: a cycle of required references`);
        continue;
      }
      refs[target] = await referencedRecord(declared, [...path, model.name]);
    }
    return refs;
  }

  async function referencedRecord(model: ModelDeclaration, path: readonly string[]): Promise<string> {
    const known = referenced.get(model.name);
    if (known) return known;
    const values = recordValues(model, { refs: await referenceSources(model, path), tag: newTag() });
    const res = await recordApi(model, admin).create(values);
    expect(res.statusCode, `${model.name} for a reference: ${res.body}`).toBe(200);
    const sid: string = res.json().data.sid;
    referenced.set(model.name, sid);
    return sid;
  }

  async function createRecord(model: ModelDeclaration, tag: string) {
    const values = recordValues(model, { refs: await referenceSources(model), tag });
    const res = await recordApi(model, admin).create(values);
    expect(res.statusCode, res.body).toBe(200);
    return { values, row: res.json().data as Record<string, unknown> & { sid: string; version: number } };
  }

  async function exportedRows(res: LightMyRequestResponse): Promise<unknown[][]> {
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  describe.each(MODEL_CATALOG.map((model) => [model.name, model] as const))('%s', (_name, model) => {
    const text = searchableTextField(model);

    it('creates, reads, finds, counts, updates with the version, keeps history, exports and deletes', async () => {
      const api = recordApi(model, admin);
      const tag = newTag();
      const { values, row } = await createRecord(model, tag);
      expect(row).toMatchObject({ ...expectedStored(model, values), version: 1, company_sid: tenant.rootCompany });

      const read = await api.read(row.sid);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual(row);

      const iql = `${text} CONTAINS '${tag}'`;
      const found = await api.search(iql);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data.rows.map((r: { sid: string }) => r.sid)).toEqual([row.sid]);
      const counted = await api.count(iql);
      expect(counted.json().data).toEqual({ total: 1 });

      const changed = `${tag} changed`.slice(0, model.fields[text]!.maxLength);
      const updated = await api.update(row.sid, 1, { [text]: changed });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ [text]: changed, version: 2 });
      const stale = await api.update(row.sid, 1, { [text]: `${tag} lost` });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe(409000);

      const history = await api.history(row.sid);
      expect(history.statusCode).toBe(200);
      const entries: Array<{ action: string; changes: Record<string, unknown> }> = history.json().data;
      expect(entries.map((e) => e.action)).toEqual([`${model.name}.created`, `${model.name}.updated`]);
      expect(entries[1]!.changes).toEqual({ [text]: { before: row[text], after: changed } });

      const exported = await exportedRows(await api.exportLink(iql));
      expect(exported).toHaveLength(2); // the header and the record
      expect(exported[1]).toContain(changed);

      const staleDelete = await api.delete(row.sid, 1);
      expect(staleDelete.statusCode).toBe(409);
      expect(staleDelete.json().code).toBe(409000);
      expect((await api.delete(row.sid, 2)).statusCode).toBe(200);
      const gone = await api.read(row.sid);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe(404202);
      expect((await api.count(iql)).json().data).toEqual({ total: 0 });
    });

    it("refuses each of these to a user holding every resource but the model's own (403301)", async () => {
      const { values, row } = await createRecord(model, newTag());
      const own = new Set(MODEL_ACTIONS.map((action) => modelResourceCode(model.name, action)));
      const user = await createUser(t, tenant);
      await grantRole(t, tenant, [user.sid], {
        resources: t.app.registry.resources.all.filter((r) => grantable(r, 1) && !own.has(r.code)).map((r) => r.code),
      });
      const api = recordApi(model, await signIn(t.app, user.account, user.password));
      const iql = `${text} CONTAINS '${String(values[text])}'`;
      const calls: Array<[string, () => Promise<LightMyRequestResponse>]> = [
        ['create', () => api.create(values)],
        ['read', () => api.read(row.sid)],
        ['search', () => api.search(iql)],
        ['count', () => api.count(iql)],
        ['update', () => api.update(row.sid, 1, { [text]: 'refused' })],
        ['history', () => api.history(row.sid)],
        ['export', () => api.exportLink(iql)],
        ['delete', () => api.delete(row.sid, 1)],
      ];
      for (const [action, call] of calls) {
        const res = await call();
        expect(res.statusCode, action).toBe(403);
        expect(res.json().code, action).toBe(403301);
      }
      // Nothing changed: the record is as it was made.
      expect((await recordApi(model, admin).read(row.sid)).json().data).toEqual(row);
    });
  });
});
