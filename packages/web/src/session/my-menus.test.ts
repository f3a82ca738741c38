// The "my-menus" cache against a real HTTP server (spec §2, §4): fetched right after sign-in (not while
// the password must be changed), kept in localStorage, removed at logout, fetched once when missing,
// and an answer arriving after sign-out is dropped.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyMenus } from '../api/menus';
import { makeEnvelopeKey, type TestEnvelopeKey } from '../testing/envelope-key';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
  type Responder,
} from '../testing/local-server';
import { signIn, signOut } from './actions';
import { ensureMyMenus, forgetMyMenus, loadMyMenus, myMenusState, parseMyMenus } from './my-menus';
import { forgetEnvelopeKey } from './password-envelope';
import { endSession, startSession } from './store';

const MENUS: MyMenus = {
  menus: [
    {
      sid: 'Home000000000001',
      name: '首页',
      name_zh: '首页',
      name_en: 'Home',
      level: 1,
      resource_code: 'home',
      path: '/',
      open_type: 'self',
      icon: 'home',
      children: [],
    },
  ],
  resources: ['home'],
};

let server: LocalServer;
let key: TestEnvelopeKey;
let needChange = false;
let menusAnswer: Responder;

const menuFetches = () => server.received.filter((call) => call.url === '/webapi/menu/do/my').length;

beforeAll(async () => {
  key = await makeEnvelopeKey();
  server = await startLocalServer((request, response) => {
    const path = request.url.split('?')[0];
    if (path === '/passport/get_public_key') return sendJson(200, key.answer)(request, response);
    if (path === '/passport/login')
      return sendJson(200, {
        code: 0,
        message: 'ok',
        request_id: 'l',
        authorization: 'jwt-1',
        refresh_token: 'refresh-1',
        companys: [],
        need_change_password: needChange,
      })(request, response);
    if (path === '/webapi/menu/do/my') return menusAnswer(request, response);
    return sendJson(200, { code: 0, message: 'ok', request_id: 'd' })(request, response);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  silenceBrowserConsole();
  setPageUrl(`${server.origin}/ip/`);
  server.received.length = 0;
  forgetEnvelopeKey();
  localStorage.clear();
  forgetMyMenus();
  needChange = false;
  menusAnswer = sendJson(200, { code: 0, message: 'ok', request_id: 'm', data: MENUS });
});
afterEach(() => {
  endSession();
  vi.restoreAllMocks();
});

describe('my-menus (spec §4)', () => {
  it('is fetched right after sign-in and cached', async () => {
    localStorage.setItem('my-menus', JSON.stringify({ menus: [], resources: ['previous.user'] }));
    const outcome = await signIn('zhang.san', 'Secret#123');
    expect(outcome.ok).toBe(true);
    await vi.waitFor(() => expect(myMenusState()).toEqual({ status: 'ready', menus: MENUS }));
    expect(JSON.parse(localStorage.getItem('my-menus') ?? 'null')).toEqual(MENUS);
    const call = server.received.find((request) => request.url === '/webapi/menu/do/my');
    expect(call?.headers.authorization).toBe('Bearer jwt-1');
    expect(menuFetches()).toBe(1);
  });

  it('waits for the password change before fetching', async () => {
    needChange = true;
    await signIn('zhang.san', 'Secret#123');
    expect(menuFetches()).toBe(0);
    expect(myMenusState()).toEqual({ status: 'missing' });
  });

  it('is removed at logout', async () => {
    startSession({ authorization: 'jwt-1', refresh_token: 'refresh-1', companys: [] });
    await loadMyMenus();
    expect(localStorage.getItem('my-menus')).not.toBeNull();
    await signOut();
    expect(localStorage.getItem('my-menus')).toBeNull();
    expect(myMenusState()).toEqual({ status: 'missing' });
  });

  it('is fetched once when missing, and not again after a failure', async () => {
    startSession({ authorization: 'jwt-1', refresh_token: 'refresh-1', companys: [] });
    menusAnswer = sendJson(500, { code: 500000, message: '服务异常', request_id: 'x' });
    ensureMyMenus();
    ensureMyMenus();
    expect(myMenusState().status).toBe('loading');
    await vi.waitFor(() => expect(myMenusState().status).toBe('failed'));
    ensureMyMenus();
    expect(menuFetches()).toBe(1);
    expect(myMenusState()).toMatchObject({ notice: { kind: 'server', text: '服务异常' } });
  });

  it('drops an answer that arrives after sign-out', async () => {
    startSession({ authorization: 'jwt-1', refresh_token: 'refresh-1', companys: [] });
    let answer: (() => void) | undefined;
    menusAnswer = (request, response) => {
      answer = () => sendJson(200, { code: 0, message: 'ok', request_id: 'm', data: MENUS })(request, response);
    };
    const loading = loadMyMenus();
    await vi.waitFor(() => expect(answer).toBeDefined());
    await signOut();
    answer?.();
    expect(await loading).toBe(false);
    expect(localStorage.getItem('my-menus')).toBeNull();
  });

  it('treats a damaged cache as missing', () => {
    expect(parseMyMenus('{"menus": [{"sid": 1}], "resources": []}')).toBeUndefined();
    expect(parseMyMenus('not json')).toBeUndefined();
    expect(parseMyMenus(JSON.stringify(MENUS))).toEqual(MENUS);
  });
});
