// The authorization matrix's second half: data scope and field rules, over the whole route table.
// Roles that see only their own records, or one department's, with a hidden field and without the right to
// see sensitive values, call every route (record ids in the path set to a record outside their scope, then
// to one inside). Records carry canary values; no answer — JSON, file, or export download — may contain an
// out-of-scope record's canary, a hidden field's value or an unmasked sensitive value, and every write
// naming an out-of-scope record must be refused. A new route is covered by being in the table.
import { newSid } from '@ipdesk/core';
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
} from '../../test/accounts.js';
import { onPostgres } from '../../test/database.js';
import { multipartBody } from '../platform/files/samples.js';
import type { RouteEntry } from './services.js';

/** Routes that end or change the caller's own session or account: calling them would sign the prober out. */
const SESSION_ENDING = new Set([
  'POST /passport/logout',
  'POST /passport/modify_password',
  'POST /webapi/aggr/password/do/update',
  'POST /webapi/model/token/do/delete',
  'POST /webapi/model/user_info/do/choose_company',
]);

/** Path parameters naming a record of the probed model (or, under patent-documents, a document of it). */
const RECORD_PARAMS = new Set(['sid', 'patentSid', 'recordSid']);

interface Target {
  model: 'patent' | 'person';
  titleField: string;
  /** A record of the model, and (for patents) a document of it. */
  sid: string;
  documentSid?: string;
}

/** Bodies for the routes that need one to reach their record (the rest get `{}`). */
const PROBES: Record<string, (target: Target) => object> = {
  'POST /webapi/model/:model/do/search': () => ({ rows: 100 }),
  'POST /webapi/model/:model/do/count': (x) => ({ iql: `sid = '${x.sid}'` }),
  'POST /webapi/model/:model/do/aggregateSearch': (x) => ({ group_by: x.titleField, limit: 1000 }),
  'POST /webapi/model/:model/do/export': () => ({}),
  'POST /webapi/model/:model/do/update': (x) => ({ sid: x.sid, version: 1, data: { [x.titleField]: 'probe' } }),
  'POST /webapi/model/:model/do/delete/:sid': () => ({}),
  'POST /webapi/model/:model/do/batch-delete': (x) => ({ records: [{ sid: x.sid }] }),
  'POST /webapi/workflow/records/:model/do/statuses': (x) => ({ record_sids: [x.sid] }),
  'POST /webapi/patent/:sid/relations/check': () => ({ relation_type: 'divisional', target_sid: newSid() }),
};

/** Writes whose body (not path) names the record: answering 2xx means they changed it. */
const WRITES_NAMING_RECORD_IN_BODY = new Set([
  'POST /webapi/model/:model/do/update',
  'POST /webapi/model/:model/do/batch-delete',
]);

/** Reads among the POST routes: safe to call on a record in scope (the hidden-field pass). */
const READ_POSTS = new Set([
  'POST /webapi/model/:model/do/search',
  'POST /webapi/model/:model/do/count',
  'POST /webapi/model/:model/do/aggregateSearch',
  'POST /webapi/model/:model/do/export',
  'POST /webapi/workflow/records/:model/do/statuses',
]);

const label = (route: RouteEntry) => `${route.method} ${route.url}`;
const paramsOf = (url: string) => [...url.matchAll(/:([a-zA-Z_]+)/g)].map((m) => m[1]!);

/** The concrete URL of a route for a target; other parameters get placeholders. */
function concrete(url: string, target: Target): string {
  return url.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    if (name === 'model') return target.model;
    if (RECORD_PARAMS.has(name))
      return url.startsWith('/webapi/patent-documents/:sid') ? (target.documentSid ?? target.sid) : target.sid;
    if (name === 'name') return 'patent_type';
    if (name === 'key') return 'ui.theme';
    return 'Z'.repeat(16);
  });
}

/** Everything an answer shows: its body, an xlsx's cells, and an export link's file. */
async function shown(t: AccountsTestApp, res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
    return cells.join('\n');
  }
  const body = res.body;
  const url = type.includes('json') ? (res.json()?.data?.url as unknown) : undefined;
  if (typeof url === 'string' && url.startsWith('/webapi/file/export/'))
    return `${body}\n${await shown(t, await t.app.inject({ method: 'GET', url }))}`;
  return body;
}

describe(`authorization matrix: data scope and field rules (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let routes: RouteEntry[];
  const probers: Record<'own' | 'department', SignedIn> = {} as never;
  const canary = (kind: string) => `${kind}${newSid().slice(0, 10)}`;
  const OUT = canary('OUTSIDE');
  const HIDDEN = canary('HIDDEN');
  const MOBILE = '13900001234';
  const outside: Record<'patent' | 'person' | 'deletedPatent', string> = {} as never;
  const inside: Record<'patent' | 'person', string> = {} as never;
  let outsideDocument: string;

  const call = (who: SignedIn, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: authed(who, { 'x-language': 'en' }),
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });
  const create = async (who: SignedIn, model: string, data: object) => {
    const res = await call(who, 'POST', `/webapi/model/${model}/do/create`, { data });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sid as string;
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    await t.app.ready();
    tenant = await createTenant(t);
    routes = t.app.routeTable.filter((r) => r.access !== 'public' && !SESSION_ENDING.has(label(r)));
    const db = t.database.db;
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    // Two departments; a colleague in the other one makes the out-of-scope records.
    const [mine, theirs] = [newSid(), newSid()];
    for (const [sid, name] of [
      [mine, '本部门'],
      [theirs, '其他部门'],
    ] as const)
      await db.query(
        `INSERT INTO department (sid, tenant_sid, company_sid, path, name) VALUES ($1, $2, $3, '/' || $1 || '/', $4)`,
        [sid, tenant.sid, tenant.rootCompany, name],
      );
    const placed = async (department: string, role: Parameters<typeof grantRole>[3]) => {
      const user = await createUser(t, tenant);
      await grantRole(t, tenant, [user.sid], role);
      await db.query(
        `INSERT INTO m_person (sid, tenant_sid, company_sid, created_at, updated_at, name, status, department, account_user)
         VALUES ($1, $2, $2, now(), now(), $3, 'active', $4, $5)`,
        [newSid(), tenant.sid, `p-${user.sid}`, department, user.sid],
      );
      return signIn(t.app, user.account, user.password);
    };
    const limits = {
      fieldRules: [
        { model: 'patent', field: 'publication_number', access: 'hidden' as const },
        { model: 'person', field: 'english_name', access: 'hidden' as const },
      ],
      showSensitive: false,
    };
    const colleague = await placed(theirs, { dataScope: 'all' });
    probers.own = await placed(mine, { dataScope: 'own', ...limits });
    probers.department = await placed(mine, { dataScope: 'department', ...limits });

    const patent = (title: string, extra: object = {}) => ({
      title,
      sn: canary('SN'),
      patent_type: 'invention',
      country: 'CN',
      ...extra,
    });
    outside.patent = await create(colleague, 'patent', patent(OUT));
    outside.deletedPatent = await create(colleague, 'patent', patent(OUT));
    expect((await call(admin, 'POST', `/webapi/model/patent/do/delete/${outside.deletedPatent}`)).statusCode).toBe(200);
    // People pickers show names in the pick range, not the data scope: the canary is the e-mail.
    outside.person = await create(colleague, 'person', {
      name: 'outside',
      email: `${OUT}@example.com`,
      mobile: MOBILE,
    });
    const upload = multipartBody(
      { patent_sid: outside.patent, file_name: OUT },
      { filename: 'upload', bytes: Buffer.from(OUT) },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      headers: { ...authed(colleague), ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    outsideDocument = uploaded.json().data.sid;
    // In scope of both probers (made by the own-records one, in their department).
    // The hidden values are set by the administrator (the probers may not write them).
    inside.patent = await create(probers.own, 'patent', patent('inside'));
    inside.person = await create(probers.own, 'person', { name: 'inside', mobile: MOBILE });
    for (const [model, data] of [
      ['patent', { publication_number: HIDDEN }],
      ['person', { english_name: HIDDEN }],
    ] as const) {
      const sid = inside[model];
      const res = await call(admin, 'POST', `/webapi/model/${model}/do/update`, { sid, version: 1, data });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The canaries are there to be found: the administrator sees them.
    const read = (await call(admin, 'GET', `/webapi/model/patent/${inside.patent}`)).json().data;
    expect(read.publication_number).toBe(HIDDEN);
    const person = (await call(admin, 'GET', `/webapi/model/person/${inside.person}`)).json().data;
    expect(person.mobile).toBe(MOBILE);
  });
  afterAll(() => t.close());

  /** The targets a route is probed with: both models for the generic model routes, patents otherwise. */
  const targetsOf = (route: RouteEntry, records: Record<'patent' | 'person', string>, documentSid?: string) => {
    const patent: Target = { model: 'patent', titleField: 'title', sid: records.patent, documentSid };
    const person: Target = { model: 'person', titleField: 'name', sid: records.person };
    return route.url.includes(':model') ? [patent, person] : [patent];
  };

  it('refuses, or answers without them, every route asked about records outside the scope', async () => {
    const leaks: string[] = [];
    const serverErrors: string[] = [];
    let calls = 0;
    let refused = 0;
    let clean = 0;
    const outsideTargets = (route: RouteEntry) => [
      ...targetsOf(route, outside, outsideDocument),
      // A deleted record (its history), which the probers hold the audit right for but never saw.
      ...(paramsOf(route.url).some((p) => RECORD_PARAMS.has(p)) && route.method === 'GET'
        ? [{ model: 'patent', titleField: 'title', sid: outside.deletedPatent } as Target]
        : []),
    ];
    for (const [role, who] of Object.entries(probers)) {
      for (const route of routes) {
        const writesRecord =
          route.method === 'POST' &&
          (paramsOf(route.url).some((p) => RECORD_PARAMS.has(p)) || WRITES_NAMING_RECORD_IN_BODY.has(label(route)));
        for (const target of outsideTargets(route)) {
          const url = concrete(route.url, target);
          const res = await call(who, route.method, url, PROBES[label(route)]?.(target));
          calls++;
          const where = `${role}: ${route.method} ${url} → ${res.statusCode}`;
          if (res.statusCode >= 500) serverErrors.push(`${where} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400) {
            refused++;
            continue;
          }
          const text = (await shown(t, res)).toLowerCase();
          const total = String(res.headers['content-type'] ?? '').includes('json')
            ? res.json()?.data?.total
            : undefined;
          if (text.includes(OUT.toLowerCase())) leaks.push(`${where}: shows the out-of-scope record`);
          else if (text.includes(MOBILE)) leaks.push(`${where}: shows an unmasked mobile number`);
          else if (label(route).endsWith('/do/count') && total !== 0) leaks.push(`${where}: counts it (${total})`);
          else if (writesRecord) leaks.push(`${where}: wrote to it`);
          else clean++;
        }
      }
    }
    process.stdout.write(
      `authorization matrix: routes: ${routes.length}, calls: ${calls}, refused correctly: ${refused}, answered without leaks: ${clean}, leaks: ${leaks.length}\n`,
    );
    expect(leaks).toEqual([]);
    expect(serverErrors).toEqual([]);
    // The probe reached the routes that matter: history and reads refused with not-found.
    for (const sid of [outside.patent, outside.deletedPatent]) {
      const history = await call(probers.own, 'GET', `/webapi/model/patent/do/history/${sid}`);
      expect(history.statusCode).toBe(404);
    }
  });

  it('leaves hidden fields out and sensitive values masked in every read of a record in scope', async () => {
    const leaks: string[] = [];
    let calls = 0;
    const reads = routes.filter((r) => r.method === 'GET' || READ_POSTS.has(label(r)));
    for (const [role, who] of Object.entries(probers)) {
      for (const route of reads) {
        for (const target of targetsOf(route, inside)) {
          const url = concrete(route.url, target);
          const res = await call(who, route.method, url, PROBES[label(route)]?.(target));
          calls++;
          if (res.statusCode >= 400) continue;
          const text = (await shown(t, res)).toLowerCase();
          const where = `${role}: ${route.method} ${url}`;
          if (text.includes(HIDDEN.toLowerCase())) leaks.push(`${where}: shows a hidden field`);
          if (text.includes(MOBILE)) leaks.push(`${where}: shows an unmasked mobile number`);
        }
      }
      // The record itself is in scope, so the pass saw it (and not an empty page).
      const read = await call(who, 'GET', `/webapi/model/patent/${inside.patent}`);
      expect(read.statusCode, `${role}: ${read.body}`).toBe(200);
      expect(read.json().data.title).toBe('inside');
      const history = await call(who, 'GET', `/webapi/model/person/do/history/${inside.person}`);
      expect(history.statusCode).toBe(200);
      expect(history.json().data[0].changes.mobile.after).toMatch(/\*/);
    }
    process.stdout.write(`authorization matrix (in scope): reads: ${calls}, leaks: ${leaks.length}\n`);
    expect(leaks).toEqual([]);
  });
});
