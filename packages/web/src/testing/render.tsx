// Renders the real App over a memory router in happy-dom, and drives antd inputs the way a user does.
import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { appRoutes } from '../app/router';
import type { WebDomain } from '../domains/types';
import { stopIfAbandoned, testSignal } from './test-scope';
import { settleUntil } from './wait';

// React checks this flag before allowing act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  router: TestRouter;
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

type TestRouter = ReturnType<typeof createMemoryRouter>;

/** Resolves when the router has loaded the lazy routes of where it is and nothing is pending. */
export function routerSettled(router: TestRouter): Promise<void> {
  const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const stop = router.subscribe(() => {
      if (!settled()) return;
      stop();
      resolve();
    });
  });
}

/**
 * `domains`: a test's own list (default the app's); `queryClient`: one the test filled beforehand (as the
 * entry's early fetch does), else the App's own.
 */
export async function renderAt(
  path: string,
  options: { domains?: readonly WebDomain[]; queryClient?: QueryClient } = {},
): Promise<Rendered> {
  const signal = testSignal();
  // Every page but sign-in is inside antd's lazy frame; compiled here once, so a test's navigation is
  // not timed by the first compile of antd.
  await import('../app/AntdFrame');
  // On a busy machine a test can time out during that import: then it renders nothing (test-scope.ts).
  stopIfAbandoned(signal);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(<App router={router} domains={options.domains} queryClient={options.queryClient} />),
  );
  // In short act() rounds: a test that times out here leaves no act() scope open (testing/wait.ts).
  await settleUntil(routerSettled(router));
  return {
    router,
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export function byTestId<E extends Element = HTMLElement>(container: ParentNode, testId: string): E {
  const element = container.querySelector<E>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`no element with data-testid="${testId}"`);
  return element;
}

/** Sets an input's or a text area's value through the native setter, so React sees a real change. */
export async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
}
