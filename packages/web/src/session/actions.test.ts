// Sign-out, company choice and password change against a real HTTP server: what is sent, and what the
// browser keeps afterwards.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errors } from '@ipdesk/core';
import { request } from '../api/request';
import { makeEnvelopeKey, type TestEnvelopeKey } from '../testing/envelope-key';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
  type Responder,
} from '../testing/local-server';
import { changePassword, chooseCompany, signOut } from './actions';
import { forgetEnvelopeKey } from './password-envelope';
import { currentSession, loadSession, startSession } from './store';

let server: LocalServer;
let key: TestEnvelopeKey;

const companys = [
  { sid: 'CompanyA00000001', path: '/A/', company_name: 'A', simple_name: null, last_login_flag: true },
  { sid: 'CompanyB00000002', path: '/A/B/', company_name: 'B', simple_name: null, last_login_flag: false },
];

function routes(table: Record<string, Responder>): Responder {
  return (request, response) => {
    const path = request.url.split('?')[0] ?? '';
    const responder = table[path] ?? sendJson(200, { code: 0, message: 'ok', request_id: 'd' });
    responder(request, response);
  };
}

beforeAll(async () => {
  key = await makeEnvelopeKey();
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  silenceBrowserConsole();
  setPageUrl(`${server.origin}/ip/`);
  server.received.length = 0;
  forgetEnvelopeKey();
  localStorage.clear();
  startSession({ authorization: 'jwt-1', refresh_token: 'refresh-1', companys });
});
afterEach(() => vi.restoreAllMocks());

describe('sign-out (spec §4)', () => {
  it('ends the session on the server, then removes the spec keys here', async () => {
    localStorage.setItem('user_collection', '[]');
    localStorage.setItem('my-menus', '[]');
    localStorage.setItem('system-setting.layout', 'mix');
    localStorage.setItem('language', 'en');
    localStorage.setItem('i18n.pack.en', '{}');
    server.respond(routes({}));
    await signOut();

    expect(server.received.map((call) => [call.method, call.url, call.headers.authorization])).toEqual([
      ['POST', '/passport/logout', 'Bearer jwt-1'],
    ]);
    for (const gone of [
      'authorization',
      'refresh_token',
      'companys',
      'company_id',
      'loginTime',
      'user_collection',
      'my-menus',
      'system-setting.layout',
      'language',
    ]) {
      expect(localStorage.getItem(gone), gone).toBeNull();
    }
    expect(localStorage.getItem('i18n.pack.en')).toBe('{}');
    expect(currentSession()).toBeUndefined();
  });

  it('forgets the session here even when the server cannot be reached', async () => {
    const gone = await startLocalServer();
    await gone.close();
    setPageUrl(`${gone.origin}/ip/`);
    await signOut();
    expect(localStorage.getItem('authorization')).toBeNull();
  });
});

describe('company choice (spec §4)', () => {
  it('asks the server with the new company, then stores it and sends it from then on', async () => {
    localStorage.setItem('user_collection', '["x"]');
    server.respond(routes({}));
    expect(await chooseCompany('CompanyB00000002')).toBe(true);

    const [choose] = server.received;
    expect(choose?.url).toBe('/webapi/model/user_info/do/choose_company');
    expect(JSON.parse(choose?.body ?? '')).toEqual({ company_sid: 'CompanyB00000002' });
    expect(choose?.headers['x-sub-company-sid']).toBe('CompanyB00000002');
    expect(localStorage.getItem('company_id')).toBe('CompanyB00000002');
    expect(localStorage.getItem('user_collection')).toBeNull();

    await request({ url: '/webapi/anything' });
    expect(server.received[1]?.headers['x-sub-company-sid']).toBe('CompanyB00000002');
  });

  it('keeps the current company when the server refuses (403102)', async () => {
    server.respond(
      routes({
        '/webapi/model/user_info/do/choose_company': sendJson(403, {
          code: errors.companyNotAllowed.code,
          message: '您不属于所选公司',
          request_id: 'x',
        }),
      }),
    );
    expect(await chooseCompany('CompanyX00000009')).toBe(false);
    expect(localStorage.getItem('company_id')).toBe('CompanyA00000001');
    expect(currentSession()?.companyId).toBe('CompanyA00000001');
  });
});

describe('password change', () => {
  it('sends three envelopes and keeps the new access token', async () => {
    server.respond(
      routes({
        '/passport/get_public_key': sendJson(200, key.answer),
        '/passport/modify_password': sendJson(200, { code: 0, message: 'ok', request_id: 'm', authorization: 'jwt-2' }),
      }),
    );
    const outcome = await changePassword({
      oldPassword: 'Old#12345',
      newPassword: 'New#12345',
      confirmPassword: 'New#12345',
    });
    expect(outcome.ok).toBe(true);

    const call = server.received.find((received) => received.url === '/passport/modify_password');
    expect(call?.headers.authorization).toBe('Bearer jwt-1');
    const body = JSON.parse(call?.body ?? '{}') as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['confirm_password', 'new_password', 'old_password']);
    expect((await key.open(body.old_password ?? '')).text).toBe('Old#12345');
    expect((await key.open(body.new_password ?? '')).text).toBe('New#12345');
    expect((await key.open(body.confirm_password ?? '')).text).toBe('New#12345');
    expect(localStorage.getItem('authorization')).toBe('jwt-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(loadSession()?.authorization).toBe('jwt-2');
  });

  it('returns the first failing field of a rule failure (500005)', async () => {
    server.respond(
      routes({
        '/passport/get_public_key': sendJson(200, key.answer),
        '/passport/modify_password': sendJson(400, {
          code: errors.fieldRule.code,
          message: '字段校验失败',
          request_id: 'v',
          fields: [{ field: 'new_password', label: '新密码', message: '新密码不能与原密码相同' }],
        }),
      }),
    );
    const outcome = await changePassword({
      oldPassword: 'Same#1234',
      newPassword: 'Same#1234',
      confirmPassword: 'Same#1234',
    });
    expect(outcome).toMatchObject({
      ok: false,
      notice: { kind: 'text', key: 'validation.field', params: { label: '新密码', message: '新密码不能与原密码相同' } },
    });
    expect(localStorage.getItem('authorization')).toBe('jwt-1');
  });
});
