// Debian's Chromium driven by playwright-core. Each session gets a fresh profile (user-data dir), so
// no language preference or cached pack leaks between tests, and records every uncaught page error,
// console error and CSP violation so a test can fail on them.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
  close(): Promise<void>;
}

// Reports CSP violations through the console even where the browser would only count them. Injected
// by the driver, so the page's own CSP does not apply to it.
const REPORT_CSP_VIOLATIONS = `
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + event.blockedURI);
  });
`;

function watch(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    else if (/content security policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
}

/** A fresh headless Chromium profile with the given UI locale (navigator.language, Accept-Language). */
export async function openSession(options: { locale: string }): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ipdesk-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    locale: options.locale,
    viewport: { width: 1280, height: 800 },
  });
  const problems: string[] = [];
  await context.addInitScript(REPORT_CSP_VIOLATIONS);
  context.pages().forEach((page) => watch(page, problems));
  context.on('page', (page) => watch(page, problems));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
