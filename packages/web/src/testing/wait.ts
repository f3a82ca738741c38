// Waiting in component tests: let calls answer and React render, until a check passes. The limit is
// time, not rounds, so a busy machine (the whole suite on two cores) does not fail a correct page.
// Every wait is a series of short act() rounds, never one long act(), and takes its test's abort signal
// when it starts: once vitest abandoned the test (timed out), the wait throws instead of opening another
// act() scope beside the next test's (test-scope.ts says why that breaks every later render).
import { act } from 'react';
import { expect } from 'vitest';
import { stopIfAbandoned, testSignal } from './test-scope';

const ROUND_MS = 20;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One act() round of `ms`, unless the test that started the wait was abandoned. */
async function round(signal: AbortSignal | undefined, ms = ROUND_MS): Promise<void> {
  stopIfAbandoned(signal);
  await act(() => delay(ms));
}

/** Lets the calls answer and React render what they brought. */
export async function settle(rounds = 6): Promise<void> {
  const signal = testSignal();
  for (let i = 0; i < rounds; i++) await round(signal);
}

/** Renders as calls answer for `ms` (at least), e.g. to see that nothing more is asked meanwhile. */
export async function settleFor(ms: number): Promise<void> {
  const signal = testSignal();
  const until = Date.now() + ms;
  while (Date.now() < until) await round(signal, Math.min(ROUND_MS, until - Date.now()));
}

/** Waits (rendering as calls answer) until the check passes, up to `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const signal = testSignal();
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await round(signal);
  expect(check()).toBe(true);
}

/**
 * Renders until `done` settles (up to `timeoutMs`; the test's own limit is usually shorter), each act()
 * round ending when it does or after 50 ms, then lets React render what it brought. What `done` resolves
 * to is not read; a rejection is thrown.
 */
export async function settleUntil(done: Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const signal = testSignal();
  const deadline = Date.now() + timeoutMs;
  let finished = false;
  const watched = done.finally(() => {
    finished = true;
  });
  // A rejection is thrown by the last act() below; this keeps it from also being reported unhandled.
  watched.catch(() => undefined);
  while (!finished) {
    if (Date.now() > deadline) throw new Error(`settleUntil: not settled within ${timeoutMs} ms`);
    stopIfAbandoned(signal);
    await act(() => Promise.race([watched, delay(50)]));
  }
  stopIfAbandoned(signal);
  await act(async () => {
    await watched;
  });
}
