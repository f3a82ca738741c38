// The setup every page test repeats, once: a local server playing the API through the test's handler, the
// page on its origin in Chinese, a signed-in user, and the App rendered at a path and cleared after each
// test. pageTest registers vitest hooks where it is called; the file's own hooks run beside them in file
// order (beforeEach after pageTest's, afterEach before, as vitest stacks them), so a file resets its own
// state in its own beforeEach and the session is already there.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { CompanyEntry } from '../api/passport';
import { startI18n } from '../i18n/i18n';
import { endSession, startSession } from '../session/store';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
  type ReceivedRequest,
  type Responder,
} from './local-server';
import { renderAt, type Rendered } from './render';

/** The company the test user is signed in to unless a test names others. */
export const TEST_COMPANY_SID = 'CompanyA00000001';
export const TEST_COMPANY: CompanyEntry = {
  sid: TEST_COMPANY_SID,
  path: `/${TEST_COMPANY_SID}/`,
  company_name: '总院',
  simple_name: null,
  last_login_flag: true,
};

/** A success envelope around `data`; `extra` adds beside it (warnings, titles). */
export function answer(data: unknown, extra: Record<string, unknown> = {}): Responder {
  return sendJson(200, { code: 0, message: 'ok', request_id: 'r', data, ...extra });
}

/** A failure envelope; `extra` adds beside it (the fields of a validation failure). */
export function refuse(status: number, code: number, message: string, extra: Record<string, unknown> = {}): Responder {
  return sendJson(status, { code, message, request_id: 'r', ...extra });
}

/** The answer of a path the test's handler does not know. */
export const notFound: Responder = refuse(404, 404000, 'none');

/** Signs the test user in as a login answer would, to `companies` (the last-login one is chosen). */
export function signIn(companies: CompanyEntry[] = [TEST_COMPANY]): void {
  startSession({ authorization: 'jwt-1', refresh_token: 'refresh-1', companys: companies });
}

export interface PageTestOptions {
  /** The companies of the sign-in before each test (default the test company; [] for none). */
  companies?: CompanyEntry[];
  /** Silence happy-dom's console reports of failed calls (default true). */
  quiet?: boolean;
}

export interface PageTest {
  /** The local server (set once beforeAll has run). */
  readonly server: LocalServer;
  /** Renders the App at `path`; unmounted after the test unless the test did it. */
  open(path: string, options?: Parameters<typeof renderAt>[1]): Promise<Rendered>;
  /** The requests received so far in this test whose path (query left off) is `path`. */
  sent(path: string): ReceivedRequest[];
}

export function pageTest(handler: Responder, options: PageTestOptions = {}): PageTest {
  let server: LocalServer | undefined;
  const opened: Rendered[] = [];
  const started = (): LocalServer => {
    if (!server) throw new Error('pageTest: the server starts in beforeAll');
    return server;
  };

  beforeAll(async () => {
    server = await startLocalServer(handler);
    setPageUrl(`${server.origin}/ip/`);
    localStorage.clear();
    localStorage.setItem('language', 'zh-CN');
    if (options.quiet ?? true) silenceBrowserConsole();
    await startI18n(localStorage);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    started().received.length = 0;
    signIn(options.companies);
  });
  afterEach(() => {
    for (const rendered of opened.splice(0)) rendered.unmount();
    endSession();
    document.body.innerHTML = '';
  });

  return {
    get server() {
      return started();
    },
    async open(path, renderOptions) {
      const rendered = await renderAt(path, renderOptions);
      opened.push(rendered);
      // A test may unmount a page itself (to open another); then afterEach leaves it alone.
      return {
        ...rendered,
        unmount: () => {
          opened.splice(opened.indexOf(rendered), 1);
          rendered.unmount();
        },
      };
    },
    sent: (path) => started().received.filter((request) => request.url.split('?')[0] === path),
  };
}
