// Job notices (issue 19): an import, a batch edit and a configuration pack tell the user who queued them
// that they finished (with how many records or items) or failed (with why), once, in that user's language,
// and nobody else. Real jobs through the HTTP API and the app's own runners. PGlite and PostgreSQL.
import ExcelJS from 'exceljs';
import type { Language } from '@ipdesk/core';
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
import { failExpiredImports } from '../../modules/transfer/import-queue.js';
import { renderForReader, type NotificationSource } from './for-reader.js';
import { recipientPrincipal } from './notify.js';

function multipart(bytes: Buffer) {
  const boundary = '----ipdesk-notice';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="data.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function patentsFile(rows: Array<[string, string, string]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['title', 'sn', 'patent_type', 'country']);
  for (const [title, sn, type] of rows) sheet.addRow([title, sn, type, 'CN']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface Person {
  sid: string;
  session: SignedIn;
  language: Language;
}

describe(`job notices (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let en: Person;
  let zh: Person;
  let bystander: Person;

  const person = async (language: Language, isTenantAdmin = false): Promise<Person> => {
    const user = await createUser(t, tenant, { isTenantAdmin, companies: [tenant.rootCompany] });
    await grantRole(t, tenant, [user.sid], { resources: 'all' });
    await t.database.db.query('INSERT INTO notification_settings (user_sid, language) VALUES ($1, $2)', [
      user.sid,
      language,
    ]);
    return { sid: user.sid, session: await signIn(t.app, user.account, user.password), language };
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    en = await person('en', true);
    zh = await person('zh-CN', true);
    bystander = await person('zh-CN', true);
  });
  afterAll(() => t.close());

  /** Waits for a job row to reach an end (the app's own runners work in the background). */
  const ended = async (table: string, sid: string): Promise<string> => {
    for (let i = 0; i < 800; i++) {
      const [row] = await t.database.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE sid = $1`, [sid]);
      if (row?.status === 'completed' || row?.status === 'failed') return row.status;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${table} ${sid} did not end`);
  };

  /** The user's job notices, rendered in their language, with the link each leads to. */
  const noticesOf = async (user: Person) => {
    const rows = await t.database.db.query<NotificationSource>(
      `SELECT e.event, e.model, e.record_sid, e.params, e.link
         FROM notification n JOIN notification_event e ON e.sid = n.event_sid
        WHERE n.recipient_sid = $1 AND e.event LIKE 'job.%' ORDER BY e.created_at`,
      [user.sid],
    );
    const [account] = await t.database.db.query<{
      sid: string;
      tenant_sid: string;
      side: 1 | 2;
      is_tenant_admin: boolean;
    }>('SELECT sid, tenant_sid, user_type_client AS side, is_tenant_admin FROM user_account WHERE sid = $1', [
      user.sid,
    ]);
    const principal = await recipientPrincipal(t.database.db, t.app.registry, account!);
    const rendered = await renderForReader(t.database.db, t.app.registry, principal, user.language, rows);
    return rendered.map((r) => ({ title: r.title, link: r.link }));
  };

  const upload = async (bytes: Buffer, s: SignedIn) => {
    const body = multipart(bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/import?mode=all_or_nothing',
      headers: { ...authed(s), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.job_sid as string;
  };

  it('an import: finished with its record count, or failed with why, to the uploader only', async () => {
    const good = await upload(
      await patentsFile([
        ['电池 1', 'JN-1', 'invention'],
        ['电池 2', 'JN-2', 'invention'],
      ]),
      en.session,
    );
    expect(await ended('import_job', good)).toBe('completed');
    const bad = await upload(
      await patentsFile([
        ['电池 3', 'JN-3', 'invention'],
        ['电池 4', 'JN-4', 'no-such-type'],
      ]),
      zh.session,
    );
    expect(await ended('import_job', bad)).toBe('failed');
    expect(await noticesOf(en)).toEqual([{ title: 'Patent import finished: 2 records', link: '/model/patent' }]);
    expect(await noticesOf(zh)).toEqual([{ title: '导入专利失败：1 行有错误，未导入', link: '/model/patent' }]);
    expect(await noticesOf(bystander)).toEqual([]);
  });

  it('an import whose server died fails when its lease has expired, and its uploader is told once', async () => {
    const uploader = await person('zh-CN');
    const sid = `DEAD${Math.random().toString(36).slice(2, 14).padEnd(12, '0')}`.slice(0, 16);
    await t.database.db.query(
      `INSERT INTO import_job (sid, tenant_sid, user_sid, model, mode, status, phase, created_at, lease_owner, lease_expires_at)
       VALUES ($1, $2, $3, 'patent', 'all_or_nothing', 'running', 'writing', $4, 'a-dead-server', $4)`,
      [sid, tenant.sid, uploader.sid, new Date(t.clock.now.getTime() - 60_000)],
    );
    expect(await failExpiredImports(t.app.accounts, t.app.registry)).toBeGreaterThanOrEqual(1);
    // Failed already: a second sweep neither fails it again nor tells again.
    await failExpiredImports(t.app.accounts, t.app.registry);
    expect(await noticesOf(uploader)).toEqual([
      { title: '导入专利失败：导入因服务重启而中断，请重新导入', link: '/model/patent' },
    ]);
  });

  it('a batch edit: finished with the records it changed, to whoever asked for it', async () => {
    const sids: string[] = [];
    for (const sn of ['BN-1', 'BN-2', 'BN-3']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/create',
        headers: authed(zh.session),
        payload: { data: { title: '电池', sn, patent_type: 'invention', country: 'CN' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      sids.push(res.json().data.sid as string);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/batch-edit',
      headers: authed(zh.session),
      payload: { sids, values: { fee_reduction: 'none' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ended('batch_job', res.json().data.batch_sid as string)).toBe('completed');
    const [, notice] = await noticesOf(zh);
    expect(notice).toEqual({ title: '批量修改专利已完成：3 条记录', link: '/model/patent' });
    expect(await noticesOf(bystander)).toEqual([]);
  });

  it('a configuration pack: applied with its item count, or failed with the reason', async () => {
    const save = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/config_pack/do/save',
        headers: authed(en.session),
        payload: {
          name,
          content: {
            dictionaries: [
              { name: 'patent_type', options: [{ key: `n${name}`, label_zh: '植物', label_en: 'Plant' }] },
            ],
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.sid as string;
    };
    const apply = async (packSid: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/config_pack/do/apply',
        headers: authed(en.session),
        payload: { pack_sid: packSid, company_sid: tenant.rootCompany },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.sid as string;
    };
    expect(await ended('config_pack_job', await apply(await save('plants')))).toBe('completed');
    const broken = await save('broken');
    // As if the dictionary had gone since the pack was saved: checked again when applied, it fails.
    await t.database.db.query(
      `UPDATE config_pack SET content = jsonb_set(content, '{dictionaries,0,name}', '"no_such_dictionary"') WHERE sid = $1`,
      [broken],
    );
    const failedJob = await apply(broken);
    expect(await ended('config_pack_job', failedJob)).toBe('failed');
    const [job] = await t.database.db.query<{ error: string }>('SELECT error FROM config_pack_job WHERE sid = $1', [
      failedJob,
    ]);
    expect(await noticesOf(en)).toEqual([
      { title: 'Patent import finished: 2 records', link: '/model/patent' },
      { title: 'Configuration pack "plants" finished: 1 items', link: null },
      { title: `Configuration pack "broken" failed: ${job!.error}`, link: null },
    ]);
  });
});
