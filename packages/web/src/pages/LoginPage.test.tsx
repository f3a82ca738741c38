// The sign-in page against a real HTTP server playing {passport}: the password travels as an envelope,
// the session is stored, and the answer decides where to go (redirect, forced change, 412, message).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errors, messages } from '@ipdesk/core';
import { startI18n } from '../i18n/i18n';
import { forgetEnvelopeKey } from '../session/password-envelope';
import { endSession, loadSession } from '../session/store';
import { makeEnvelopeKey, type TestEnvelopeKey } from '../testing/envelope-key';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
  type Responder,
} from '../testing/local-server';
import { byTestId, click, renderAt, typeInto, type Rendered } from '../testing/render';

let server: LocalServer;
let key: TestEnvelopeKey;
let rendered: Rendered | undefined;

const companys = [
  {
    sid: 'CompanyA00000001',
    path: '/CompanyA00000001/',
    company_name: '总院',
    simple_name: null,
    last_login_flag: false,
  },
  {
    sid: 'CompanyB00000002',
    path: '/CompanyA00000001/CompanyB00000002/',
    company_name: '分院',
    simple_name: null,
    last_login_flag: true,
  },
];

function passport(login: Responder): Responder {
  return (request, response) => {
    if (request.url === '/passport/get_public_key') sendJson(200, key.answer)(request, response);
    else if (request.url === '/passport/login') login(request, response);
    else sendJson(404, { code: 404000, message: 'none', request_id: 'n' })(request, response);
  };
}

const signedIn = (needChange = false): Responder =>
  sendJson(200, {
    code: 0,
    message: 'ok',
    request_id: 'l',
    authorization: 'jwt-1',
    refresh_token: 'refresh-1',
    companys,
    avatar_sid: null,
    is_bind_back_office: false,
    need_change_password: needChange,
    user_type_client: 1,
    expires_in: 900,
  });

async function submit(account: string, password: string): Promise<void> {
  if (!rendered) throw new Error('not rendered');
  await typeInto(byTestId(rendered.container, 'login-account'), account);
  await typeInto(byTestId(rendered.container, 'login-password'), password);
  await click(byTestId(rendered.container, 'login-submit'));
}

beforeAll(async () => {
  key = await makeEnvelopeKey();
  server = await startLocalServer();
  setPageUrl(`${server.origin}/ip/login`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
});
afterAll(() => server.close());
beforeEach(() => {
  silenceBrowserConsole();
  server.received.length = 0;
  forgetEnvelopeKey();
  endSession();
  localStorage.setItem('language', 'zh-CN');
  loadSession();
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

describe('sign-in page', () => {
  it('sends the enveloped password, stores the session and goes to ?redirect=', async () => {
    server.respond(passport(signedIn()));
    rendered = await renderAt('/login?redirect=%2Fprivacy%3Fx%3D1');
    await submit(' zhang.san ', '密码Secret#1');
    await vi.waitFor(() => expect(rendered?.router.state.location.pathname).toBe('/privacy'));
    expect(rendered.router.state.location.search).toBe('?x=1');

    const login = server.received.find((call) => call.url === '/passport/login');
    const body = JSON.parse(login?.body ?? '{}') as { account: string; password: string };
    expect(body.account).toBe('zhang.san');
    expect(body.password).not.toContain('Secret');
    expect((await key.open(body.password)).text).toBe('密码Secret#1');

    expect(localStorage.getItem('authorization')).toBe('jwt-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem('company_id')).toBe('CompanyB00000002');
    expect(JSON.parse(localStorage.getItem('companys') ?? '[]')).toEqual(companys);
    expect(Number(localStorage.getItem('loginTime'))).toBeGreaterThan(0);
  });

  it('ignores a redirect to another site', async () => {
    server.respond(passport(signedIn()));
    rendered = await renderAt('/login?redirect=%2F%2Fevil.example%2F');
    await submit('zhang.san', 'Secret#123');
    await vi.waitFor(() => expect(localStorage.getItem('authorization')).toBe('jwt-1'));
    // The home page is loaded lazily after sign-in.
    await vi.waitFor(() => expect(rendered?.router.state.location.pathname).toBe('/'), { timeout: 10_000 });
  });

  it('goes to the forced password change when the answer asks for it', async () => {
    server.respond(passport(signedIn(true)));
    rendered = await renderAt('/login?redirect=%2Fprofile');
    await submit('zhang.san', 'Secret#123');
    await vi.waitFor(() => expect(rendered?.router.state.location.pathname).toBe('/change-password'));
    expect(rendered.router.state.location.search).toBe('?forced=1&redirect=%2Fprofile');
    await vi.waitFor(() =>
      expect(byTestId(rendered!.container, 'change-password-title').textContent).toBe(
        messages['zh-CN']['changePassword.forcedTitle'],
      ),
    );
  });

  it('shows the server message of a refused sign-in and stores nothing', async () => {
    server.respond(
      passport(sendJson(400, { code: errors.invalidCredentials.code, message: '账号或密码错误', request_id: 'x' })),
    );
    rendered = await renderAt('/login');
    await submit('zhang.san', 'wrong');
    await vi.waitFor(() => expect(byTestId(rendered!.container, 'form-error').textContent).toBe('账号或密码错误'));
    expect(rendered.router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('authorization')).toBeNull();
  });

  it('shows "too many attempts" (429) in the server words too', async () => {
    server.respond(
      passport(sendJson(429, { code: errors.rateLimited.code, message: '请求过于频繁', request_id: 'x' })),
    );
    rendered = await renderAt('/login');
    await submit('zhang.san', 'Secret#123');
    await vi.waitFor(() => expect(byTestId(rendered!.container, 'form-error').textContent).toBe('请求过于频繁'));
  });

  it('goes to /412 when the other side is signed in in this browser', async () => {
    server.respond(passport(sendJson(412, { code: errors.clientConflict.code, message: 'conflict', request_id: 'x' })));
    rendered = await renderAt('/login');
    await submit('zhang.san', 'Secret#123');
    await vi.waitFor(() => expect(rendered?.router.state.location.pathname).toBe('/412'));
  });

  it('asks for both fields before calling the server', async () => {
    server.respond(passport(signedIn()));
    rendered = await renderAt('/login');
    await click(byTestId(rendered.container, 'login-submit'));
    await vi.waitFor(() =>
      expect(rendered?.container.textContent).toContain(messages['zh-CN']['login.accountRequired']),
    );
    expect(rendered.container.textContent).toContain(messages['zh-CN']['login.passwordRequired']);
    expect(server.received).toEqual([]);
  });
});
