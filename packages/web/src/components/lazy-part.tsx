// A part of a page that is not drawn when the page opens (a dialog, another search mode, a picker behind
// "more"), loaded on first use instead of with the page (issue 16): a list page evaluated ~2.3 MB of code
// before its first row, a third of it dialogs nobody had opened. `preload()` starts the load early (the
// list calls it once its rows are drawn), so a click later rarely waits.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export interface LazyPart<P extends object> {
  (props: P): ReactNode;
  /** Loads the part's code now; settles when it is in. A failed load is tried again on the next call. */
  preload(): Promise<unknown>;
}

/**
 * `load` resolves to the component (e.g. `async () => (await import('./ImportDialog')).ImportDialog`). Until
 * the code is in, the part draws `fallback` (nothing, unless a placeholder of the same size keeps the page
 * from shifting).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a new deployment or a dropped connection: the next use asks again
      throw error;
    }));
  const Loaded = lazy(async () => ({ default: await preload() }));
  const Part = (props: P): ReactNode => (
    <Suspense fallback={fallback}>
      <Loaded {...props} />
    </Suspense>
  );
  return Object.assign(Part, { preload });
}

/**
 * Runs `task` once the browser has nothing else to do; returns a canceller. No deadline: what it is used for
 * (loading code ahead) is optional, and forcing it in after a timeout would take the main thread from a user
 * (or a test) clicking on a busy machine.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}
