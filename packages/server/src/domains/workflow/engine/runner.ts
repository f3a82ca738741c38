// The background loop of an app server: fires due timers and delivers the outbox, every interval, until
// stopped. Several servers may run it at once (rows are claimed with SKIP LOCKED); the server stops it
// before closing the database, waiting for a round in progress.
import type { WorkflowDeps } from './context.js';
import { runDueJobs } from './jobs.js';
import { dispatchOutbox } from './outbox.js';

export interface WorkflowRunner {
  /** One round now (tests, and the loop itself). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startWorkflowRunner(
  deps: WorkflowDeps,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): WorkflowRunner {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const round = async () => {
    try {
      await runDueJobs(deps);
      await dispatchOutbox(deps);
    } catch (error) {
      options.onError?.(error);
    }
  };
  const tick = () => {
    running = running.then(round);
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
