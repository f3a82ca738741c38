// Property tests of iql through the server (SECURITY.md "Input & query safety"): random and
// adversarial queries only ever answer 200 or a catalogue 4xx, never a 5xx or a database error; the
// compiled SQL never contains the query's text (values are bound), and always the tenant predicate.
import { isIqlError, MODEL_CATALOG, parseIql } from '@ipdesk/core';
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
  grantRole,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import type { Principal } from '../../http/context.js';
import { compileIql } from './iql-compile.js';
import { createModelRegistry } from './registry.js';
import { scopeCondition } from './scope.js';
import { administratorAccess } from '../../modules/rbac/access.js';
import { SqlParams } from './sql-params.js';

const registry = createModelRegistry(MODEL_CATALOG);
const patent = registry.get('patent')!;
const FIELDS = [
  ...patent.fields.keys(),
  'ip_manager.name',
  'ip_manager.nope',
  'nope',
  '__proto__',
  'constructor',
  'custom',
  'tenant_sid',
];
const MARKER = 'zq9Marker';

const literal = fc.oneof(
  fc.constantFrom(
    "'2024-01-31'",
    "'invention'",
    "'CN'",
    '0',
    '-1.5',
    '99999999999',
    'TRUE',
    'NULL',
    "''",
    `'${MARKER}'`,
    `'${MARKER}'' OR 1=1 --'`,
    "'%_\\\\'",
  ),
  fc.string({ maxLength: 8 }).map((s) => `'${s.replace(/'/g, "''")}'`),
  fc.integer().map(String),
);
const field = fc.constantFrom(...FIELDS);
const predicate = fc.oneof(
  fc.tuple(field, fc.constantFrom('=', '!=', '<', '>=', '<>'), literal).map(([f, op, v]) => `${f} ${op} ${v}`),
  fc.tuple(field, fc.array(literal, { minLength: 1, maxLength: 4 })).map(([f, vs]) => `${f} IN (${vs.join(', ')})`),
  fc.tuple(field, literal, literal).map(([f, a, b]) => `${f} BETWEEN ${a} AND ${b}`),
  fc
    .tuple(field, fc.constantFrom('CONTAINS', 'STARTS WITH', 'ENDS WITH', 'LIKE', 'NOT CONTAINS'), literal)
    .map(([f, op, v]) => `${f} ${op} ${v}`),
  fc
    .tuple(
      field,
      fc.constantFrom('IS NULL', 'IS NOT NULL', 'WITHIN TODAY', 'WITHIN LAST 30 DAYS', 'WITHIN NEXT 12 MONTHS'),
    )
    .map(([f, rest]) => `${f} ${rest}`),
  literal.map((v) => `MATCH ${v}`),
);
const expression: fc.Arbitrary<string> = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    predicate,
    fc
      .tuple(tie('expr') as fc.Arbitrary<string>, fc.constantFrom('AND', 'OR'), tie('expr') as fc.Arbitrary<string>)
      .map(([a, op, b]) => `(${a}) ${op} (${b})`),
    (tie('expr') as fc.Arbitrary<string>).map((e) => `NOT (${e})`),
  ),
})).expr;
const query = fc.oneof(
  fc
    .tuple(expression, fc.option(fc.tuple(field, fc.constantFrom('ASC', 'DESC')), { nil: undefined }))
    .map(([e, order]) => (order ? `${e} ORDER BY ${order[0]} ${order[1]}` : e)),
  fc.string({ maxLength: 60 }),
  fc
    .array(fc.constantFrom('(', ')', "'", 'AND', 'ORDER BY', 'title', '=', 'NOT', ',', '.', 'IN'), { maxLength: 30 })
    .map((parts) => parts.join(' ')),
);

const principal: Principal = {
  userSid: 'U'.repeat(16),
  tenantSid: 'T'.repeat(16),
  sessionSid: 'S'.repeat(16),
  side: 1,
  isTenantAdmin: true,
  companySid: undefined,
  passwordChangeRequired: false,
  access: administratorAccess(registry.resources),
};

describe('iql compile properties', () => {
  it('binds every value and always scopes to the tenant', () => {
    fc.assert(
      fc.property(query, (text) => {
        let parsed;
        try {
          parsed = parseIql(text);
        } catch (error) {
          expect(isIqlError(error)).toBe(true);
          return;
        }
        const params = new SqlParams();
        const scope = scopeCondition(principal, patent, params);
        try {
          const compiled = compileIql(patent, parsed, {
            registry,
            params,
            now: new Date('2026-11-21T08:00:00Z'),
            timeZone: 'Asia/Shanghai',
          });
          const sql = `${scope} AND ${compiled.where} ORDER BY ${compiled.orderBy.map((o) => o.sql).join(', ')}`;
          expect(sql).not.toContain(MARKER);
          expect(sql.startsWith('t.tenant_sid = $1')).toBe(true);
          expect(params.values[0]).toBe(principal.tenantSid);
        } catch (error) {
          expect((error as { definition?: { code: number } }).definition?.code).toBe(500001);
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe(`iql through the API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let session: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid]);
    session = await signIn(t.app, user.account, user.password);
    await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(session),
      payload: {
        data: { title: '一种电池', sn: 'FZ-1', patent_type: 'invention', country: 'CN', filing_date: '2024-01-31' },
      },
    });
  });
  afterAll(() => t.close());

  it('never answers 5xx, and every 4xx is a catalogue error naming the query', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (iql) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/webapi/model/patent/do/search',
          headers: authed(session),
          payload: { iql, rows: 5 },
        });
        expect(res.statusCode, iql).toBeLessThan(500);
        if (res.statusCode !== 200) {
          expect(res.json().code, iql).toBe(500001);
          expect(res.json().fields[0].field, iql).toBe('iql');
        }
      }),
      { numRuns: 300 },
    );
    const errors = t.logs.filter((line) => line.includes('"level":50'));
    expect(errors).toEqual([]);
  });
});
