// Deadline verification (dual docketing, docs/notifications.md "Deadline verification") on the trademark
// deadline store (a defineDeadlineModel store, so every store has it): the tenant's switch (administrators,
// versioned, audited; on flags the open hand-made deadlines, off clears every flag); a hand-made deadline is
// unverified, its enterer may not verify it (403201, both languages) and is not offered the action, another
// person verifies it (stamped, audited `<store>.verified`), alone or in a batch; a hand change of its due date
// makes it unverified again, a remark does not; rule deadlines are verified; no verify right → 403; the
// verifiers are told once (deadline.unverified), the enterer and people without the right are not; iql finds
// the flag, the home page count and the deadlines list show it. PGlite and PostgreSQL.
import { errors, MODEL_CATALOG } from '@ipdesk/core';
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
} from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import { createModelRegistry } from '../../models/registry.js';
import { unverifiedDeadlines } from './unverified.js';

const STORE = 'trademark_deadline';
const CLERK = ['trademarks', 'trademarks:create', 'trademarks:update', STORE, `${STORE}:create`, `${STORE}:update`];

interface Deadline {
  sid: string;
  version: number;
  status: string;
  verification: string | null;
  entered_by: string | null;
  verified_by: string | null;
  verified_at: string | null;
  origin: string;
  _actions: string[];
}
interface Result {
  sid: string;
  outcome: string;
  code?: number;
  message?: string;
}

describe(`deadline verification (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let aliceSid: string;
  let bobSid: string;
  let carolSid: string;
  let mark: string;
  let n = 0;

  beforeAll(async () => {
    t = await createAccountsTestApp({}, createModelRegistry(MODEL_CATALOG));
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    // Alice and Bob enter and verify deadlines; Carol enters them but holds no verify right.
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await createUser(t, tenant, { companies: [tenant.rootCompany] }));
    const [ua, ub, uc] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    await grantRole(t, tenant, [ua.sid, ub.sid], { resources: [...CLERK, `${STORE}:verify`] });
    await grantRole(t, tenant, [uc.sid], { resources: CLERK });
    [aliceSid, bobSid, carolSid] = [ua.sid, ub.sid, uc.sid];
    alice = await signIn(t.app, ua.account, ua.password);
    bob = await signIn(t.app, ub.account, ub.password);
    carol = await signIn(t.app, uc.account, uc.password);
    const res = await call(alice, 'POST', 'model/trademarks/do/create', {
      data: { name: '星河', sn: 'TM-1', country: 'CN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    mark = res.json().data.sid;
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  function call(who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'en') {
    return t.app.inject({ method, url: `/webapi/${url}`, headers: authed(who, { 'x-language': language }), payload });
  }
  const read = async (sid: string, who = alice) => {
    const res = await call(who, 'GET', `model/${STORE}/${sid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Deadline;
  };
  const handMade = async (who = alice, due = '2027-03-01') => {
    const res = await call(who, 'POST', `model/${STORE}/do/create`, {
      data: { trademarks: mark, title: `手工期限 ${++n}`, due_date: due },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Deadline;
  };
  const verify = async (who: SignedIn, sids: string[], language = 'en') => {
    const res = await call(who, 'POST', `model/${STORE}/do/action/verify`, { sids }, language);
    return res;
  };
  const setting = async () => (await call(admin, 'GET', 'tenant/deadline-verification')).json().data;
  const switchTo = async (required: boolean) => {
    const { version } = await setting();
    const res = await call(admin, 'PUT', 'tenant/deadline-verification', { required, version });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { required: boolean; version: number };
  };
  const told = (sid: string) =>
    db().query<{ recipient_sid: string }>(
      `SELECT n.recipient_sid FROM notification n JOIN notification_event e ON e.sid = n.event_sid
        WHERE e.event = 'deadline.unverified' AND e.record_sid = $1 ORDER BY n.recipient_sid`,
      [sid],
    );

  it('keeps the switch for administrators: versioned, validated, audited', async () => {
    expect(await setting()).toEqual({ required: false, version: 0 });
    expect((await call(alice, 'GET', 'tenant/deadline-verification')).statusCode).toBe(403);
    expect((await call(alice, 'PUT', 'tenant/deadline-verification', { required: true, version: 0 })).statusCode).toBe(
      403,
    );
    const bad = await call(admin, 'PUT', 'tenant/deadline-verification', { required: 'yes', version: 0 }, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/要求复核期限/);
    const stale = await call(admin, 'PUT', 'tenant/deadline-verification', { required: true, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(errors.conflict.code);
  });

  it('flags nothing while off, and flags open hand-made deadlines when switched on', async () => {
    const before = await handMade(alice);
    expect(before.verification).toBeNull();
    expect(before.entered_by).toBe(aliceSid);
    expect(before._actions).not.toContain('verify');
    const count = (await call(alice, 'GET', 'deadlines/unverified/count')).json().data;
    expect(count).toMatchObject({ required: false, total: 0 });

    expect(await switchTo(true)).toEqual({ required: true, version: 1 });
    expect((await read(before.sid)).verification).toBe('unverified');
    const [entry] = await db().query<{ actor_sid: string; detail: { required: boolean; deadlines_changed: number } }>(
      `SELECT actor_sid, detail FROM audit_log WHERE tenant_sid = $1 AND action = 'tenant.deadline_verification_updated'`,
      [tenant.sid],
    );
    expect(entry?.detail).toMatchObject({ required: true, deadlines_changed: 1 });
    // Someone who may see no deadline store is answered, not refused (the home page asks for everyone).
    const outsider = await createUser(t, tenant, { companies: [tenant.rootCompany] });
    await grantRole(t, tenant, [outsider.sid], { resources: ['patent'] });
    const signedIn = await signIn(t.app, outsider.account, outsider.password);
    const theirs = await call(signedIn, 'GET', 'deadlines/unverified/count');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data).toMatchObject({ required: false, total: 0, stores: [] });
  });

  it('refuses the enterer, lets another person verify, stamps and audits it', async () => {
    const d = await handMade(alice);
    expect(d).toMatchObject({ verification: 'unverified', entered_by: aliceSid, status: 'open' });
    // Not offered to the one who entered it; offered to a second person.
    expect(d._actions).not.toContain('verify');
    expect((await read(d.sid, bob))._actions).toContain('verify');

    for (const [language, text] of [
      ['en', /someone other than the person in Entered by/],
      ['zh-CN', /须由录入人以外的人办理/],
    ] as const) {
      const own = await verify(alice, [d.sid], language);
      expect(own.statusCode, own.body).toBe(200);
      const [refused] = own.json().data.results as Result[];
      expect(refused).toMatchObject({ outcome: 'refused', code: errors.actionSamePerson.code });
      expect(refused?.message).toMatch(text);
    }
    expect((await read(d.sid)).verification).toBe('unverified');

    t.clock.advanceMinutes(5);
    const res = await verify(bob, [d.sid]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data.results as Result[])[0]?.outcome).toBe('done');
    const after = await read(d.sid);
    expect(after).toMatchObject({ verification: 'verified', verified_by: bobSid, status: 'open' });
    expect(new Date(after.verified_at!).getTime()).toBe(t.clock.now.getTime());
    expect(after._actions).not.toContain('verify');

    const [entry] = await db().query<{ actor_sid: string; detail: { lifecycle_action: string } }>(
      `SELECT actor_sid, detail FROM audit_log WHERE tenant_sid = $1 AND action = $2 AND target = $3`,
      [tenant.sid, `${STORE}.verified`, `${STORE}:${d.sid}`],
    );
    expect(entry).toMatchObject({ actor_sid: bobSid, detail: { lifecycle_action: 'verify' } });

    // Verified already: refused with its own code, the value named in the caller's language.
    const again = await verify(alice, [d.sid], 'zh-CN');
    const [second] = again.json().data.results as Result[];
    expect(second).toMatchObject({ outcome: 'refused', code: errors.actionNotWhen.code });
    expect(second?.message).toMatch(/已复核/);
  });

  it('tells the people who may verify once, not the enterer nor those without the right', async () => {
    const d = await handMade(carol);
    const recipients = (await told(d.sid)).map((r) => r.recipient_sid);
    expect(recipients).toEqual([aliceSid, bobSid].sort());
    expect(recipients).not.toContain(carolSid);
    // Carol holds no verify right: she is not offered it and the action is refused whole.
    const res = await verify(carol, [d.sid]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(errors.forbidden.code);
    // A remark changes nothing; a new due date by Bob makes it his to have verified.
    const { version } = await read(d.sid);
    await call(carol, 'POST', `model/${STORE}/do/update`, { sid: d.sid, version, data: { remark: '备注' } });
    expect((await told(d.sid)).length).toBe(2);
  });

  it('makes a verified deadline unverified again when its due date is changed by hand', async () => {
    const d = await handMade(alice);
    await verify(bob, [d.sid]);
    let now = await read(d.sid);
    const remark = await call(alice, 'POST', `model/${STORE}/do/update`, {
      sid: d.sid,
      version: now.version,
      data: { remark: '只改备注' },
    });
    expect(remark.statusCode, remark.body).toBe(200);
    expect((await read(d.sid)).verification).toBe('verified');
    now = await read(d.sid);
    const moved = await call(bob, 'POST', `model/${STORE}/do/update`, {
      sid: d.sid,
      version: now.version,
      data: { due_date: '2027-04-01' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await read(d.sid)).toMatchObject({ verification: 'unverified', entered_by: bobSid, verified_by: null });
    // Now Alice may verify what Bob entered.
    const res = await verify(alice, [d.sid]);
    expect((res.json().data.results as Result[])[0]?.outcome).toBe('done');
  });

  it('verifies in a batch, refusing the enterer record by record', async () => {
    const mine = await handMade(alice);
    const theirs = await handMade(bob);
    const res = await verify(alice, [mine.sid, theirs.sid]);
    expect(res.json().data).toMatchObject({ done: 1, refused: 1 });
    expect((await read(theirs.sid)).verification).toBe('verified');
    expect((await read(mine.sid)).verification).toBe('unverified');
  });

  it('counts rule deadlines as verified', async () => {
    const res = await call(alice, 'POST', 'model/trademarks/do/create', {
      data: { name: '银河', sn: 'TM-2', country: 'CN', status: 'registered', expiry_date: '2030-05-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rules = await db().query<{ verification: string; origin: string }>(
      `SELECT verification, origin FROM m_${STORE} WHERE trademarks = $1`,
      [res.json().data.sid],
    );
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((r) => r.origin === 'rule' && r.verification === 'verified')).toBe(true);
  });

  it('finds the flag by iql, counts it for the home page and shows it in the deadlines list', async () => {
    const flagged = await db().query<{ sid: string }>(
      `SELECT sid FROM m_${STORE} WHERE tenant_sid = $1 AND status = 'open' AND verification = 'unverified'`,
      [tenant.sid],
    );
    expect(flagged.length).toBeGreaterThan(0);
    const search = await call(alice, 'POST', `model/${STORE}/do/search`, {
      iql: "verification = 'unverified'",
      rows: 100,
    });
    expect(search.statusCode, search.body).toBe(200);
    expect((search.json().data.rows as Deadline[]).map((r) => r.sid).sort()).toEqual(flagged.map((r) => r.sid).sort());
    const count = (await call(alice, 'GET', 'deadlines/unverified/count')).json().data;
    expect(count).toMatchObject({ required: true, total: flagged.length, stores: [{ model: STORE }] });
    const list = await call(alice, 'GET', `deadlines?iql=${encodeURIComponent(count.iql)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().data.rows as Deadline[]).every((r) => r.verification === 'unverified')).toBe(true);
    // For the escalation job: the tenant's unverified deadlines due by a day.
    const due = await unverifiedDeadlines(db(), t.app.registry, {
      tenantSid: tenant.sid,
      dueBy: '2099-12-31',
      limit: 100,
    });
    expect(due.map((d) => d.sid).sort()).toEqual(flagged.map((r) => r.sid).sort());
    expect(due[0]?.record.model).toBe('trademarks');
  });

  it('switched off: no flags, no count, no verify offered; new hand-made deadlines unflagged', async () => {
    expect((await switchTo(false)).required).toBe(false);
    const [left] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM m_${STORE} WHERE tenant_sid = $1 AND verification = 'unverified'`,
      [tenant.sid],
    );
    expect(left?.n).toBe(0);
    expect((await call(alice, 'GET', 'deadlines/unverified/count')).json().data).toMatchObject({ total: 0 });
    const d = await handMade(alice);
    expect(d.verification).toBeNull();
    expect((await read(d.sid, bob))._actions).not.toContain('verify');
    expect(
      await unverifiedDeadlines(db(), t.app.registry, { tenantSid: tenant.sid, dueBy: '2099-12-31', limit: 9 }),
    ).toEqual([]);
  });
});
