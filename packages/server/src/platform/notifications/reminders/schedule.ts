// Runs the reminder run on every app server: once at start (what fell due while the servers were down goes
// out now) and then once per day, checked every `checkEveryMs` against the business day of the last run.
// Several servers doing so at once is safe: each reminder's dedupe key lets only one of them queue it.
import { localDate } from '../../models/relative-dates.js';
import { runDeadlineReminders, type ReminderDeps, type ReminderRunReport } from './run-reminders.js';

export interface ReminderSchedule {
  /** Resolves once a run in progress has ended and no other will start. */
  stop(): Promise<void>;
}

export function startReminderSchedule(
  deps: ReminderDeps,
  options: {
    now: () => Date;
    checkEveryMs?: number;
    onRun?: (report: ReminderRunReport) => void;
    onError: (error: unknown) => void;
  },
): ReminderSchedule {
  let lastDay: string | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const check = () => {
    if (stopped || running) return;
    const now = options.now();
    const today = localDate(now, deps.timeZone);
    if (today === lastDay) return;
    running = runDeadlineReminders(deps, { now })
      .then((report) => {
        lastDay = today;
        options.onRun?.(report);
      })
      .catch(options.onError)
      .finally(() => (running = undefined));
  };
  const timer = setInterval(check, options.checkEveryMs ?? 15 * 60_000);
  timer.unref();
  check();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
