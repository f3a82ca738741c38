// The route table rendered in happy-dom with the real App: unknown paths, public pages, redirect.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@ipdesk/core';
import { startI18n } from '../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../testing/local-server';
import { routerSettled } from '../testing/render';
import { settleUntil } from '../testing/wait';
import { App } from './App';
import { appRoutes } from './router';

// React checks this flag before allowing act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

beforeAll(async () => {
  // No server: the pack fetch fails and the bundled zh-CN texts are used.
  const gone = await startLocalServer();
  await gone.close();
  setPageUrl(`${gone.origin}/ip/`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
});

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

async function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(<App router={router} />));
  // The public pages are lazy routes (issue 16): wait until the page is there.
  await settleUntil(routerSettled(router));
  return { router, container };
}

const text = (container: HTMLElement, testId: string): string | null | undefined =>
  container.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('routes (spec §2)', () => {
  it('sends an unknown path to /404', async () => {
    const { router, container } = await renderAt('/does-not-exist');
    expect(router.state.location.pathname).toBe('/404');
    expect(text(container, 'result-title')).toBe(messages['zh-CN']['page.notFound.title']);
    expect(container.querySelector('[data-testid="language-switcher"]')).not.toBeNull();
  });

  it('shows the advice on /403', async () => {
    const { container } = await renderAt('/403');
    expect(text(container, 'result-title')).toBe(messages['zh-CN']['page.forbidden.title']);
    expect(text(container, 'result-advice')).toBe(messages['zh-CN']['page.forbidden.advice']);
  });

  it.each([
    ['/412', 'page.clientConflict.title'],
    ['/movetopc', 'page.moveToPc.title'],
  ] as const)('shows %s', async (path, titleKey) => {
    const { container } = await renderAt(path);
    expect(text(container, 'result-title')).toBe(messages['zh-CN'][titleKey]);
  });

  it('shows the privacy paragraphs and the sign-in page', async () => {
    const privacy = await renderAt('/privacy');
    expect(privacy.container.textContent).toContain(messages['zh-CN']['page.privacy.storage']);
    act(() => root?.unmount());
    const login = await renderAt('/login');
    expect(text(login.container, 'login-system-name')).toBe(messages['zh-CN']['app.name']);
    expect(text(login.container, 'login-slogan')).toBe(messages['zh-CN']['login.slogan']);
    expect(text(login.container, 'forgot-password-link')).toBe(messages['zh-CN']['login.forgotPassword']);
    expect(login.container.querySelector('[data-testid="language-switcher"]')).not.toBeNull();
  });

  it.each([
    ['/', '/login', ''],
    ['/profile', '/login', '?redirect=%2Fprofile'],
    ['/change-password?forced=1', '/login', `?redirect=${encodeURIComponent('/change-password?forced=1')}`],
  ])('sends %s to sign-in without a session', async (path, pathname, search) => {
    const { router } = await renderAt(path);
    // The shell's routes are lazy: the guard renders once their code has arrived.
    await vi.waitFor(() => expect(router.state.location).toMatchObject({ pathname, search }), { timeout: 10_000 });
  });

  it.each([
    '/admin/menus',
    '/admin/resources',
    '/admin/roles',
    '/admin/org',
    '/admin/custom-fields',
    '/admin/resignation-notice',
    '/workflow/definitions',
    '/workflow/definitions/patent_apply',
  ])(
    'has the administration page %s inside the shell (sign-in first)',
    async (path) => {
      const { router } = await renderAt(path);
      await vi.waitFor(
        () =>
          expect(router.state.location).toMatchObject({
            pathname: '/login',
            search: `?redirect=${encodeURIComponent(path)}`,
          }),
        // The designer's chunk (bpmn-js) is compiled on first import: 4–14 s here depending on the machine's load.
        { timeout: 30_000 },
      );
    },
    40_000,
  );

  it('sends an unknown administration page to /404', async () => {
    const { router } = await renderAt('/admin/nope');
    expect(router.state.location.pathname).toBe('/404');
  });

  it.each([
    ['admin/menus', 'MenusPage'],
    ['admin/resources', 'ResourcesPage'],
    ['admin/roles', 'RolesPage'],
    ['admin/org', 'OrgPage'],
    ['admin/resignation-notice', 'ResignationNoticePage'],
    ['workflow/definitions', 'DefinitionsPage'],
  ])('loads %s lazily as %s', async (path, name) => {
    const find = (routes: readonly RouteObject[]): RouteObject | undefined =>
      routes.map((route) => (route.path === path ? route : find(route.children ?? []))).find(Boolean);
    const route = find(appRoutes);
    expect(typeof route?.lazy).toBe('function');
    const loaded = (await (route?.lazy as () => Promise<{ Component?: { name: string } }>)()).Component;
    expect(loaded?.name).toBe(name);
  });

  it.each(['/forgot-password', '/reset-password'])('shows %s without a session', async (path) => {
    const { router } = await renderAt(path);
    expect(router.state.location.pathname).toBe(path);
  });

  it('redirects /redirect/<path> to /<path>, keeping the query', async () => {
    const { router } = await renderAt('/redirect/privacy?tab=2#top');
    expect(router.state.location).toMatchObject({ pathname: '/privacy', search: '?tab=2', hash: '#top' });
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
