// The inbox over HTTP (issue 19): a person lists only their own notifications, newest first, paged by
// keyset, filtered by unread and group, rendered in the language they ask in; the unread count; marking
// read (others' sids skipped without a word); bad parameters refused with stable codes. Watching a record
// needs its view right and the record in scope (404 otherwise); preferences are validated and account events
// cannot be turned off. PGlite and PostgreSQL.
import { errors } from '@ipdesk/core';
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
import { queueNotification, type NotificationInput } from './notify.js';

interface Item {
  sid: string;
  event: string;
  event_label: string;
  group: string;
  title: string;
  link: string | null;
  model: string | null;
  record_sid: string | null;
  actor_name: string | null;
  read_at: string | null;
}

describe(`the inbox, watching and preferences (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let reader: SignedIn;
  let other: SignedIn;
  let ownOnly: SignedIn;
  let noRight: SignedIn;
  const sids = { admin: '', reader: '', other: '' };
  let patentSid = '';

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true, name: '管理员' });
    sids.admin = a.sid;
    admin = await signIn(t.app, a.account, a.password);
    const r = await createUser(t, tenant);
    const o = await createUser(t, tenant);
    const own = await createUser(t, tenant);
    const none = await createUser(t, tenant);
    sids.reader = r.sid;
    sids.other = o.sid;
    await grantRole(t, tenant, [r.sid, o.sid], { resources: ['patent'] });
    await grantRole(t, tenant, [own.sid], { resources: ['patent'], dataScope: 'own' });
    await grantRole(t, tenant, [none.sid], { resources: ['patent_task'] });
    reader = await signIn(t.app, r.account, r.password);
    other = await signIn(t.app, o.account, o.password);
    ownOnly = await signIn(t.app, own.account, own.password);
    noRight = await signIn(t.app, none.account, none.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(admin),
      payload: { data: { title: '收件箱', sn: 'IN-1', patent_type: 'invention', country: 'CN' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    patentSid = res.json().data.sid;
  });
  afterAll(() => t?.close());

  const queue = (overrides: Partial<NotificationInput>) =>
    t.database.db.transaction((tx) =>
      queueNotification(
        tx,
        { registry: t.app.registry },
        {
          tenantSid: tenant.sid,
          event: 'record.statusChanged',
          record: { model: 'patent', sid: patentSid },
          actorSid: sids.admin,
          params: { from: { zh: '草稿', en: 'Draft' }, to: { zh: '已提交', en: 'Filed' } },
          now: t.clock.now,
          ...overrides,
        },
      ),
    );
  const get = (who: SignedIn, url: string, language = 'en') =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: authed(who, { 'x-language': language }) });
  const send = (who: SignedIn, method: 'POST' | 'PUT', url: string, payload: object, language = 'en') =>
    t.app.inject({ method, url: `/webapi${url}`, headers: authed(who, { 'x-language': language }), payload });
  const list = async (who: SignedIn, query = '', language = 'en') => {
    const res = await get(who, `/notifications${query}`, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Item[]; next: string | null };
  };
  const count = async (who: SignedIn) => {
    const res = await get(who, '/notifications/unread-count');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.unread as number;
  };

  it('lists only the caller’s notifications, newest first, rendered in their language, paged by keyset', async () => {
    for (let i = 0; i < 5; i++) {
      await queue({ to: [sids.reader] });
      t.clock.advanceMinutes(1);
    }
    await queue({ event: 'job.failed', record: undefined, to: [sids.reader], params: { job: 'Import', reason: 'x' } });
    t.clock.advanceMinutes(1);
    await queue({ to: [sids.other] });
    // Two at the same instant: the sid breaks the tie, and paging neither repeats nor skips one.
    await queue({ to: [sids.reader] });
    await queue({ to: [sids.reader] });
    t.clock.advanceMinutes(1);

    const all = await list(reader, '?limit=100');
    expect(all.items).toHaveLength(8);
    expect(all.next).toBeNull();
    const first = all.items.find((i) => i.event === 'record.statusChanged')!;
    expect(first).toMatchObject({
      event_label: 'A watched record changed status',
      group: 'records',
      title: 'IN-1 收件箱 changed from "Draft" to "Filed"',
      link: `/model/patent/${patentSid}`,
      model: 'patent',
      record_sid: patentSid,
      actor_name: '管理员',
      read_at: null,
    });
    const zh = await list(reader, '?limit=1', 'zh-CN');
    expect(zh.items[0]!.title).toBe('IN-1 收件箱 的状态由“草稿”变为“已提交”');

    const paged: string[] = [];
    let before: string | null = null;
    do {
      const page = await list(reader, `?limit=3${before ? `&before=${before}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.items.map((i) => i.sid));
      before = page.next;
    } while (before);
    expect(paged).toEqual(all.items.map((i) => i.sid));

    expect((await list(reader, '?group=jobs')).items.map((i) => i.event)).toEqual(['job.failed']);
    expect((await list(other)).items).toHaveLength(1);
    expect(await count(reader)).toBe(8);
  });

  it('hides the record of a notification the reader can no longer read: no link, no record', async () => {
    await queue({ to: [sids.reader] });
    await t.database.db.query(
      `UPDATE role SET data_scope = 'own' WHERE sid IN (SELECT role_sid FROM user_role WHERE user_sid = $1)`,
      [sids.reader],
    );
    await t.database.db.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [tenant.sid]);
    try {
      const [latest] = (await list(reader, '?limit=1')).items;
      expect(latest).toMatchObject({
        title: '(a record you cannot see) changed from "Draft" to "Filed"',
        link: null,
        model: null,
        record_sid: null,
      });
    } finally {
      await t.database.db.query(
        `UPDATE role SET data_scope = 'all' WHERE sid IN (SELECT role_sid FROM user_role WHERE user_sid = $1)`,
        [sids.reader],
      );
      await t.database.db.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [tenant.sid]);
    }
  });

  it('marks read the caller’s own, skips others’ without a word, and counts what is left', async () => {
    const mine = (await list(reader, '?unread=true&limit=2')).items.map((i) => i.sid);
    const theirs = (await list(other)).items.map((i) => i.sid);
    const before = await count(reader);
    const res = await send(reader, 'POST', '/notifications/read', { sids: [...mine, ...theirs, 'Z'.repeat(16)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ marked: 2, unread: before - 2 });
    expect(await count(other)).toBe(1);
    const unread = await list(reader, '?unread=true&limit=100');
    expect(unread.items.map((i) => i.sid)).not.toContain(mine[0]);
    expect(unread.items.every((i) => i.read_at === null)).toBe(true);

    const everything = await send(reader, 'POST', '/notifications/read', { all: true });
    expect(everything.json().data).toEqual({ marked: before - 2, unread: 0 });
    expect(await count(other)).toBe(1);
  });

  it('refuses bad parameters with stable codes and the caller’s words', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?group=nope', '?unread=yes', '?extra=1']) {
      const res = await get(reader, `/notifications${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe(errors.validation.code);
    }
    for (const cursor of [
      'abc',
      Buffer.from('["2026-01-01", "x"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
    ]) {
      const res = await get(reader, `/notifications?before=${cursor}`, 'zh-CN');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(errors.cursorInvalid.code);
    }
    for (const body of [{}, { sids: [] }, { sids: ['bad'] }, { all: false }, { all: true, sids: ['Z'.repeat(16)] }]) {
      const res = await send(reader, 'POST', '/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/webapi/notifications/unread-count' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('watches a record the caller may read; refuses without the view right, 404 out of scope or unknown', async () => {
    const url = `/model/patent/do/watch/${patentSid}`;
    expect((await get(reader, url)).json().data).toEqual({ watching: false });
    expect((await send(reader, 'POST', url, {})).json().data).toEqual({ watching: true });
    // Twice is once.
    expect((await send(reader, 'POST', url, {})).statusCode).toBe(200);
    expect((await get(reader, url)).json().data).toEqual({ watching: true });
    const rows = await t.database.db.query('SELECT 1 FROM record_watch WHERE record_sid = $1 AND user_sid = $2', [
      patentSid,
      sids.reader,
    ]);
    expect(rows).toHaveLength(1);
    expect((await send(reader, 'POST', `/model/patent/do/unwatch/${patentSid}`, {})).json().data).toEqual({
      watching: false,
    });
    expect((await get(reader, url)).json().data).toEqual({ watching: false });

    expect((await send(noRight, 'POST', url, {})).statusCode).toBe(403);
    for (const who of [ownOnly]) {
      for (const res of [await get(who, url), await send(who, 'POST', url, {})]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(errors.recordNotFound.code);
      }
    }
    expect((await send(reader, 'POST', `/model/patent/do/watch/${'Z'.repeat(16)}`, {})).statusCode).toBe(404);
    expect((await get(reader, `/model/no_such/do/watch/${patentSid}`)).statusCode).toBe(404);
    // Another tenant's user sees nothing of it either.
    const elsewhere = await createTenant(t);
    const stranger = await createUser(t, elsewhere, { isTenantAdmin: true });
    const strangerSession = await signIn(t.app, stranger.account, stranger.password);
    expect((await send(strangerSession, 'POST', url, {})).statusCode).toBe(404);
    const watched = await t.database.db.query('SELECT 1 FROM record_watch WHERE record_sid = $1', [patentSid]);
    expect(watched).toHaveLength(0);
  });

  it('answers and saves preferences; mandatory events stay on; bad values refused', async () => {
    const res = await get(reader, '/notifications/preferences', 'zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as {
      events: Array<{ event: string; in_app: boolean; email: string; mandatory: boolean; label: string }>;
      settings: Record<string, unknown>;
    };
    expect(answer.events.find((e) => e.event === 'account.locked')).toMatchObject({ mandatory: true, in_app: true });
    expect(answer.events.find((e) => e.event === 'todo.assigned')).toMatchObject({
      mandatory: false,
      email: 'immediate',
      label: '待办分配给我',
    });
    expect(answer.settings).toEqual({
      language: 'zh-CN',
      time_zone: 'Asia/Shanghai',
      quiet_from: null,
      quiet_to: null,
      digest_hour: 8,
    });

    const settings = { language: 'en', time_zone: 'Europe/Berlin', quiet_from: 22, quiet_to: 7, digest_hour: 9 };
    const saved = await send(reader, 'PUT', '/notifications/preferences', {
      events: [{ event: 'record.statusChanged', in_app: false, email: 'digest' }],
      settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await get(reader, '/notifications/preferences')).json().data;
    expect(again.settings).toEqual(settings);
    expect(again.events.find((e: { event: string }) => e.event === 'record.statusChanged')).toMatchObject({
      in_app: false,
      email: 'digest',
    });
    // Others keep theirs.
    expect(again.events.find((e: { event: string }) => e.event === 'todo.assigned').email).toBe('immediate');

    const mandatory = await send(
      reader,
      'PUT',
      '/notifications/preferences',
      { events: [{ event: 'account.passwordChanged', in_app: true, email: 'digest' }] },
      'zh-CN',
    );
    expect(mandatory.statusCode).toBe(400);
    expect(mandatory.json().code).toBe(errors.notificationEventMandatory.code);
    expect(mandatory.json().message).toContain('密码已修改');

    const bad = (changes: object) =>
      send(reader, 'PUT', '/notifications/preferences', { settings: { ...settings, ...changes } });
    for (const changes of [
      { time_zone: 'Mars/Olympus' },
      { time_zone: '+08:00' },
      { time_zone: '../etc' },
      { digest_hour: 24 },
      { digest_hour: 1.5 },
      { quiet_from: 22, quiet_to: null },
      { quiet_from: 5, quiet_to: 5 },
      { language: 'fr' },
    ]) {
      const r = await bad(changes);
      expect(r.statusCode, JSON.stringify(changes)).toBe(400);
      expect(r.json().code).toBe(errors.validation.code);
    }
    const unknownEvent = await send(reader, 'PUT', '/notifications/preferences', {
      events: [{ event: 'todo.nope', in_app: true, email: 'immediate' }],
    });
    expect(unknownEvent.statusCode).toBe(400);
    // Nothing of the refused requests was kept.
    expect((await get(reader, '/notifications/preferences')).json().data.settings).toEqual(settings);
  });

  it('keeps the mail language in step with the UI language', async () => {
    expect((await send(other, 'POST', '/notifications/language', { language: 'en' })).statusCode).toBe(200);
    expect((await get(other, '/notifications/preferences', 'zh-CN')).json().data.settings.language).toBe('en');
    expect((await send(other, 'POST', '/notifications/language', { language: 'de' })).statusCode).toBe(400);
  });
});
