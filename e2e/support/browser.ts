// Debian's Chromium driven by playwright-core. Each session is a fresh browser context of one Chromium per
// test worker: its own cookies, storage, cache and language, so nothing leaks between tests, without starting
// a browser per session (a launch costs about a second of CPU; a context, milliseconds). Every uncaught page
// error, console error and CSP violation is recorded so a test can fail on them.
import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(): string {
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // `which` exits non-zero when nothing is found.
  }
  return '/usr/bin/chromium';
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors, console errors and CSP violations seen on any page of the session. */
  problems: string[];
  /** The session's last API calls with their outcome (unanswered ones too), printed when a test fails. */
  calls(): string[];
  close(): Promise<void>;
}

// Reports CSP violations through the console even where the browser would only count them. Injected
// by the driver, so the page's own CSP does not apply to it.
const REPORT_CSP_VIOLATIONS = `
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + event.blockedURI);
  });
`;

const CALLS_KEPT = 40;

/** Remembers the last API calls of a page: method, path, status or failure, and time taken. */
class CallLog {
  private readonly started = new Map<Request, number>();
  private readonly done: string[] = [];

  watch(page: Page): void {
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr')
        this.started.set(request, performance.now());
    });
    page.on('requestfinished', (request) => void this.finish(request));
    page.on('requestfailed', (request) => this.end(request, `failed: ${request.failure()?.errorText ?? '?'}`));
  }

  lines(): string[] {
    const now = performance.now();
    const open = [...this.started].map(
      ([request, at]) => `${describe(request)} → no answer after ${Math.round(now - at)} ms`,
    );
    return [...this.done, ...open];
  }

  private async finish(request: Request): Promise<void> {
    const response = await request.response().catch(() => null);
    this.end(request, String(response?.status() ?? '?'));
  }

  private end(request: Request, outcome: string): void {
    const at = this.started.get(request);
    if (at === undefined) return;
    this.started.delete(request);
    this.done.push(`${describe(request)} → ${outcome} in ${Math.round(performance.now() - at)} ms`);
    if (this.done.length > CALLS_KEPT) this.done.shift();
  }
}

function describe(request: Request): string {
  const url = new URL(request.url());
  return `${new Date().toISOString().slice(11, 23)} ${request.method()} ${url.pathname}`;
}

function watch(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} ${message.location().url}`);
    else if (/content security policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
}

// Kept on the process, not the module: test files are isolated module graphs in one worker process, and the
// browser outlives each of them (it exits with the worker, whose pipe it reads).
const shared = globalThis as { ipdeskChromium?: Promise<Browser> };

async function workerBrowser(): Promise<Browser> {
  const running = await shared.ipdeskChromium?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared.ipdeskChromium = chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  return shared.ipdeskChromium;
}

/** A fresh headless Chromium context with the given UI locale (navigator.language, Accept-Language). */
export async function openSession(options: { locale: string }): Promise<BrowserSession> {
  const browser = await workerBrowser();
  const context = await browser.newContext({ locale: options.locale, viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  const calls = new CallLog();
  await context.addInitScript(REPORT_CSP_VIOLATIONS);
  context.on('page', (page) => {
    watch(page, problems);
    calls.watch(page);
  });
  const page = await context.newPage();
  return {
    context,
    page,
    problems,
    calls: () => calls.lines(),
    async close() {
      await context.close();
    },
  };
}

/** Prints the sessions' last API calls when the test failed: what was asked, answered, or never answered. */
export function printCallsIfFailed(failed: boolean, sessions: Array<BrowserSession | undefined>): void {
  if (!failed) return;
  sessions.forEach((session, i) => {
    if (session) console.log(`API calls of browser session ${i + 1}, oldest first:\n  ${session.calls().join('\n  ')}`);
  });
}
