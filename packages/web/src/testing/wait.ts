// Waiting in component tests: let calls answer and React render, until a check passes. The limit is
// time, not rounds, so a busy machine (the whole suite on two cores) does not fail a correct page.
import { act } from 'react';
import { expect } from 'vitest';

/** Lets the calls answer and React render what they brought. */
export async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** Waits (rendering as calls answer) until the check passes, up to `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await settle(1);
  expect(check()).toBe(true);
}
