// The web project's setup file (vitest.config.ts), run before each test file. The files share their
// worker's module graph (isolate: false), so what one leaves behind the next one finds: this undoes the
// shared state a file can leave, and fails a test that leaves React's act() scope open instead of
// letting every later render of the worker show nothing.
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { actScopeStillOpen, enterTest, leaveTest } from './test-scope';

// React checks this flag before allowing act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LEFT_OPEN =
  'an act() scope is still open: an act() call whose promise did not settle (often a wait in a test that ' +
  'timed out). Every later render of this worker would be queued into it and never show. Wait in short ' +
  'rounds (testing/wait.ts: settle, waitUntil, settleUntil), not in one long act().';

beforeEach(async ({ signal }) => {
  if (await actScopeStillOpen()) throw new Error(`Before this test, ${LEFT_OPEN}`);
  enterTest(signal);
});

afterEach(async () => {
  leaveTest();
  if (await actScopeStillOpen()) throw new Error(`After this test, ${LEFT_OPEN}`);
});

afterAll(() => {
  // A file that faked timers for all its tests gives the next file real ones.
  vi.useRealTimers();
  document.body.innerHTML = '';
});
