// Routes failed calls to whoever can show them. The React app registers an antd-based notifier
// (app/FailureNotices.tsx); before it mounts — e.g. while the language pack loads — failures are
// only returned to the caller.
import { describeFailure, type FailureNotice, type RequestFailure } from './failure';

export type ShownNotice = Exclude<FailureNotice, { kind: 'silent' }>;
export type FailureNotifier = (failure: RequestFailure, notice: ShownNotice) => void;

let notifier: FailureNotifier | undefined;

/** Installs the notifier; returns the function that removes it again. */
export function setFailureNotifier(next: FailureNotifier): () => void {
  notifier = next;
  return () => {
    if (notifier === next) notifier = undefined;
  };
}

export function reportFailure(failure: RequestFailure): void {
  const notice = describeFailure(failure);
  if (notice.kind !== 'silent') notifier?.(failure, notice);
}

/** The text copied when the user clicks a notice: everything needed to find the call in the logs. */
export function formatFailureDetails(failure: RequestFailure, shownMessage: string): string {
  const details = {
    requestId: failure.requestId,
    serverRequestId: failure.body?.requestId,
    status: failure.status,
    code: failure.body?.code,
    message: shownMessage,
    serverMessage: failure.body?.message,
    method: failure.method,
    url: failure.url,
    time: failure.time,
  };
  return JSON.stringify(details, null, 2);
}
