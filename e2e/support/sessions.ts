// Browser sessions of one test file: every session a test opens is closed after it, and the test fails
// on any page error, console error or CSP violation it did not declare as expected.
import { afterEach, expect } from 'vitest';
import { submitSignIn, type TestUser } from './accounts.js';
import { openSession, printCallsIfFailed, type BrowserSession } from './browser.js';
import type { TestServer } from './server.js';

export interface BrowserSessions {
  /** A fresh Chromium profile in this UI locale. */
  open(locale?: string): Promise<BrowserSession>;
  /** A fresh profile signed in as the user, on the home page. */
  signIn(user: TestUser, locale?: string): Promise<BrowserSession>;
  /** Console lines the current test causes on purpose (a refused call logs its status). */
  expectProblems(...patterns: RegExp[]): void;
}

/** Call at the top of a test file; `server` is read when a session signs in (it starts in beforeAll). */
export function useBrowserSessions(server: () => TestServer): BrowserSessions {
  let sessions: BrowserSession[] = [];
  let expected: RegExp[] = [];
  afterEach(async (context) => {
    printCallsIfFailed(context.task.result?.state === 'fail', sessions);
    const problems = sessions.flatMap((s) => s.problems).filter((problem) => !expected.some((re) => re.test(problem)));
    await Promise.all(sessions.map((s) => s.close()));
    sessions = [];
    expected = [];
    expect(problems).toEqual([]);
  });
  const open = async (locale = 'zh-CN') => {
    const session = await openSession({ locale });
    sessions.push(session);
    return session;
  };
  return {
    open,
    async signIn(user, locale) {
      const session = await open(locale);
      await session.page.goto(server().appUrl('login'));
      await submitSignIn(session.page, user.account, user.password);
      await session.page.getByTestId('home-page').waitFor();
      return session;
    },
    expectProblems: (...patterns) => expected.push(...patterns),
  };
}
