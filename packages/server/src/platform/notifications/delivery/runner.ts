// The delivery loop of an app server: every interval (sooner while a batch came back full) it runs
// dispatchNotifications, until stopped. Every server runs it; rows are leased with SKIP LOCKED, so they
// share the work and never send a row twice. The server stops it before closing the database.
import type { DeliveryDeps } from './deps.js';
import { dispatchNotifications } from './dispatch.js';

export interface NotificationDispatcher {
  /** One round now. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startNotificationDispatcher(
  deps: DeliveryDeps,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): NotificationDispatcher {
  const intervalMs = options.intervalMs ?? 5000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> = Promise.resolve(false);

  const round = async (): Promise<boolean> => {
    try {
      return (await dispatchNotifications(deps)).more;
    } catch (error) {
      options.onError?.(error);
      return false;
    }
  };
  const tick = () => {
    running = running.then(round);
    return running;
  };
  const schedule = (soon: boolean) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        void tick().then(schedule);
      },
      soon ? 0 : intervalMs,
    );
    timer.unref();
  };
  schedule(false);
  return {
    tick: async () => {
      await tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
