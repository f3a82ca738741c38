// The running test, for the helpers that call act() (wait.ts, render.tsx), and the act() check of the
// web project's setup (setup.ts). The web files share their worker's module graph (isolate: false), so
// they share one React. A test that times out is only abandoned by vitest: its body goes on, and an act()
// it calls after the next test started overlaps that test's. React counts act() scopes by depth, and
// overlapping scopes that end out of order leave the count above zero for good: from then on React queues
// every render of the worker into a scope that never flushes, and nothing shows (the failures seen when
// the web project first ran with isolate: false). So the helpers take the test's abort signal when they
// start and call act() no more once vitest aborted it.
import * as React from 'react';
import { setTimeout as sleep } from 'node:timers/promises';

let running: AbortSignal | undefined;

/** setup.ts, before every test: the signal vitest aborts when the test times out. */
export function enterTest(signal: AbortSignal): void {
  running = signal;
}

/** setup.ts, after every test. */
export function leaveTest(): void {
  running = undefined;
}

/** The running test's signal (none in beforeAll and afterAll); a wait takes it when it starts. */
export function testSignal(): AbortSignal | undefined {
  return running;
}

/** React's shared internals (development build): `actQueue` is set while an act() scope is open. */
const internals = (React as unknown as Record<string, { actQueue?: unknown[] | null } | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

/** Throws (the timeout) if the test that started a helper was abandoned: call before each act(). */
export function stopIfAbandoned(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}

/**
 * Whether an act() scope is open, or React's count of them is stuck above zero. Between tests neither
 * should be. The probe: an act() of nothing, entered at depth zero, clears the queue when it ends.
 */
export function actScopeOpen(): boolean {
  if (!internals || !('actQueue' in internals)) return false;
  if (internals.actQueue != null) return true;
  React.act(() => undefined);
  return internals.actQueue != null;
}

/**
 * Waits up to `ms` for an open act() scope to close (an abandoned wait's round ends within 50 ms); true
 * if one is still open then. Polls with Node's own timers, which vitest's fake timers do not replace.
 */
export async function actScopeStillOpen(ms = 2_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (actScopeOpen()) {
    if (Date.now() > deadline) return true;
    await sleep(10);
  }
  return false;
}
