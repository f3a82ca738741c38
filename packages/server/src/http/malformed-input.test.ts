// Bad input never gives a 5xx (issue 15). Generated from the route table: every route with a body, a
// query or path parameters gets a fixed, seeded selection of malformed inputs built from its own schema
// (wrong types, missing and extra fields, null, 100 kB and 1 MB strings, NUL, lone surrogates, deep
// nesting, __proto__, huge and negative numbers, impossible dates, SQL and iql fragments), sent as a
// tenant administrator (so permissions hide nothing) and anonymously to the public routes. It fails on
// any 5xx and on any answer showing SQL, a stack trace or a file path. A new route is covered by being
// declared. MALFORMED_SEED and MALFORMED_CASES widen a local run; CI uses the defaults.
import { MODEL_CATALOG } from '@ipdesk/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../test/accounts.js';
import { onPostgres } from '../../test/database.js';
import {
  HOSTILE_BODIES,
  HOSTILE_PARAMS,
  HOSTILE_QUERY_VALUES,
  HOSTILE_VALUES,
  iqlProbes,
  keysOf,
  LEAKS,
  sampleOf,
} from '../../test/malformed-inputs.js';
import type { RouteEntry } from './services.js';

const SEED = Number(process.env.MALFORMED_SEED ?? 15);
/** Cases per route and caller, drawn from everything its schema allows to vary. */
const CASES = Number(process.env.MALFORMED_CASES ?? 12);
const SID = 'Z'.repeat(16);

interface Case {
  name: string;
  url: string;
  payload?: string;
}

const withoutBody = (method: string) => method === 'GET' || method === 'HEAD';

/** The route's URL with placeholder values (the patent model, a dictionary, a setting key, ids). */
function concrete(url: string, param?: string): string {
  let first = true;
  return url.replace(/:([a-zA-Z_]+)/g, (_match, name: string) => {
    if (param !== undefined && first) {
      first = false;
      return param;
    }
    first = false;
    return name === 'model' ? 'patent' : name === 'name' ? 'patent_type' : name === 'key' ? 'ui.theme' : SID;
  });
}

function queryString(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/** The model the generic routes are tried on (its declared fields and the system ones). */
const PATENT_FIELDS = [
  ...Object.keys(MODEL_CATALOG.find((m) => m.name === 'patent')!.fields),
  'sid',
  'company_sid',
  'created_at',
  'created_by',
  'updated_at',
  'version',
];
const TASK_FIELDS = [...Object.keys(MODEL_CATALOG.find((m) => m.name === 'patent_task')!.fields), 'updated_at'];
const PATENT_RECORD = { title: 'x', sn: 'P-1', patent_type: 'invention', country: 'CN' };

/** Every malformed variation of one route's input. */
function variations(route: RouteEntry): Case[] {
  const cases: Case[] = [];
  const querySchema = route.schema?.querystring;
  const baseQuery = (sampleOf(querySchema) ?? {}) as Record<string, unknown>;
  const url = concrete(route.url);
  const withQuery = (extra: string) => {
    const base = queryString(baseQuery);
    return `${url}?${[base, extra].filter(Boolean).join('&')}`;
  };
  if (route.url.includes(':')) {
    for (const param of HOSTILE_PARAMS)
      cases.push({ name: `path parameter ${param.slice(0, 20)}`, url: concrete(route.url, param) });
  }
  if (querySchema || withoutBody(route.method)) {
    const keys = [...keysOf(querySchema), 'unexpected_key'];
    for (const key of keys) {
      if (key === 'iql') {
        // A query in the query string (the deadlines feed): probes over the deadline model's fields.
        const rest = queryString(Object.fromEntries(Object.entries(baseQuery).filter(([k]) => k !== 'iql')));
        for (const field of TASK_FIELDS)
          for (const iql of iqlProbes(field))
            cases.push({
              name: `query iql ${iql}`,
              url: `${url}?${[rest, `iql=${encodeURIComponent(iql)}`].filter(Boolean).join('&')}`,
            });
      }
      for (const [name, value] of HOSTILE_QUERY_VALUES) {
        const rest = queryString(Object.fromEntries(Object.entries(baseQuery).filter(([k]) => k !== key)));
        cases.push({
          name: `query ${key}=${name}`,
          url: `${url}?${[rest, `${encodeURIComponent(key)}=${value}`].filter(Boolean).join('&')}`,
        });
      }
      cases.push({ name: `query ${key} twice`, url: withQuery(`${key}=1&${key}=2`) });
    }
  }
  if (!withoutBody(route.method)) {
    const bodySchema = route.schema?.body;
    const base = sampleOf(bodySchema);
    const baseObject =
      base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
    for (const [name, text] of HOSTILE_BODIES) cases.push({ name, url, payload: text });
    for (const key of [...keysOf(bodySchema), 'unexpected_key']) {
      const { [key]: _dropped, ...missing } = baseObject;
      cases.push({ name: `${key} missing`, url, payload: JSON.stringify(missing) });
      for (const [name, value] of HOSTILE_VALUES) {
        cases.push({ name: `${key}: ${name}`, url, payload: JSON.stringify({ ...baseObject, [key]: value }) });
      }
    }
    // On the generic model routes (tried on patent), one level deeper: each field of a record, and
    // queries over each field.
    if (route.url.includes(':model')) {
      const keys = keysOf(bodySchema);
      for (const field of PATENT_FIELDS) {
        if (keys.includes('data')) {
          for (const [name, value] of HOSTILE_VALUES) {
            const data = { ...PATENT_RECORD, [field]: value };
            cases.push({ name: `data.${field}: ${name}`, url, payload: JSON.stringify({ ...baseObject, data }) });
          }
        }
        if (keys.includes('iql')) {
          for (const iql of iqlProbes(field)) {
            cases.push({ name: `iql ${iql}`, url, payload: JSON.stringify({ ...baseObject, iql }) });
          }
        }
      }
    }
  }
  return cases;
}

/** A fixed selection of the cases: the same on every run with the same seed. */
function pick(cases: Case[], seed: number): Case[] {
  if (cases.length <= CASES) return cases;
  const [chosen] = fc.sample(fc.shuffledSubarray(cases, { minLength: CASES, maxLength: CASES }), { seed, numRuns: 1 });
  return chosen!;
}

interface Failure {
  route: string;
  caller: string;
  input: string;
  status: number;
  problem: string;
  answer: string;
}

describe(`malformed input on every route (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let adminAccount: { account: string; password: string };
  beforeAll(async () => {
    t = await createAccountsTestApp();
    await t.app.ready();
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant, { isTenantAdmin: true });
    adminAccount = user;
    admin = await signIn(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  it('answers every malformed input with a 4xx (or a success) that leaks nothing', { timeout: 300_000 }, async () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
    const failures: Failure[] = [];
    let requests = 0;
    let serverErrors = 0;
    let routesCovered = 0;
    let routesClean = 0;
    for (const [index, route] of routes.entries()) {
      const cases = variations(route);
      if (cases.length === 0) continue;
      routesCovered++;
      const label = `${route.method} ${route.url}`;
      const callers: Array<'administrator' | 'anonymous'> =
        route.access === 'public' ? ['administrator', 'anonymous'] : ['administrator'];
      let clean = true;
      for (const caller of callers) {
        for (const input of pick(cases, SEED + index * 7919 + (caller === 'anonymous' ? 1 : 0))) {
          const send = () =>
            t.app.inject({
              method: route.method as 'POST',
              url: input.url,
              headers: {
                ...(caller === 'administrator' ? authed(admin) : { 'x-language': 'en' }),
                ...(input.payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(input.payload !== undefined ? { payload: input.payload } : {}),
            });
          requests++;
          let res = await send();
          if (process.env.MALFORMED_DEBUG)
            process.stdout.write(`${res.statusCode} ${label} ${caller} ${input.name} ${res.body.slice(0, 160)}\n`);
          if (caller === 'administrator' && res.statusCode === 401) {
            // An earlier case ended the session (logout, token delete): sign in again and retry.
            admin = await signIn(t.app, adminAccount.account, adminAccount.password);
            res = await send();
          }
          const text = /json|text|xml|calendar/.test(String(res.headers['content-type'] ?? '')) ? res.body : '';
          const leak = LEAKS.find(([, pattern]) => pattern.test(text));
          if (res.statusCode >= 500 || leak) {
            if (res.statusCode >= 500) serverErrors++;
            clean = false;
            const requestId = String(res.headers['x-request-id'] ?? '');
            const logged = t.logs.find((line) => requestId && line.includes(requestId) && line.includes('"err"'));
            failures.push({
              route: label,
              caller,
              input: input.name,
              status: res.statusCode,
              problem: res.statusCode >= 500 ? '5xx' : `leaks ${leak![0]}`,
              answer: (logged ?? text).slice(0, 400),
            });
          }
        }
      }
      if (clean) routesClean++;
    }
    // The summary CI shows (issue 15): how much was tried and how it went.
    process.stdout.write(
      `malformed input: routes: ${routesCovered}, refused correctly: ${routesClean}, 5xx: ${serverErrors} (${requests} requests, seed ${SEED})\n`,
    );
    expect(routesCovered).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
