// Delivers what commands queued in workflow_outbox, after their commit: afterCommit listeners. (People are
// told through the notification tables, queued in the command's own transaction: engine/notices.ts.) A dispatcher leases a batch (so two app servers do not deliver the same row at once),
// delivers each row, and marks it processed; a failure is retried later with a growing delay (at least
// once: a listener may see an event twice if a server dies between delivering and marking).
import type { WorkflowDeps } from './context.js';
import { workflowListener, type WorkflowEvent } from './listeners.js';

const LEASE_SECONDS = 60;
export const OUTBOX_MAX_ATTEMPTS = 10;

interface OutboxRow {
  id: number;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
}

async function deliver(row: OutboxRow): Promise<void> {
  if (row.event === 'listener') {
    const name = String(row.payload.listener);
    const listener = workflowListener(name);
    if (!listener || listener.phase !== 'afterCommit') throw new Error(`no after-commit listener named ${name}`);
    await listener.handle(row.payload.event as WorkflowEvent);
    return;
  }
  // Rows queued before people were told through the notification tables (issue 19) were only logged:
  // they are done with.
  if (row.event === 'notification') return;
  throw new Error(`unknown outbox event ${row.event}`);
}

export interface DispatchReport {
  delivered: number;
  failed: number;
}

/** Delivers up to `limit` pending rows that are due by the app clock. */
export async function dispatchOutbox(deps: WorkflowDeps, options: { limit?: number } = {}): Promise<DispatchReport> {
  const now = deps.now();
  const rows = await deps.db.transaction((tx) =>
    tx.query<OutboxRow>(
      `UPDATE workflow_outbox SET locked_until = $1::timestamptz + interval '${LEASE_SECONDS} seconds',
              attempts = attempts + 1
        WHERE id IN (SELECT id FROM workflow_outbox
                      WHERE processed_at IS NULL AND available_at <= $1 AND attempts < $3
                        AND (locked_until IS NULL OR locked_until <= $1)
                      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, event, payload, attempts`,
      [now, options.limit ?? 100, OUTBOX_MAX_ATTEMPTS],
    ),
  );
  rows.sort((a, b) => a.id - b.id);
  const report: DispatchReport = { delivered: 0, failed: 0 };
  for (const row of rows) {
    try {
      await deliver(row);
      await deps.db.query('UPDATE workflow_outbox SET processed_at = $2, locked_until = NULL WHERE id = $1', [
        row.id,
        deps.now(),
      ]);
      report.delivered += 1;
    } catch (error) {
      report.failed += 1;
      await deps.db.query(
        `UPDATE workflow_outbox SET locked_until = NULL, last_error = $2,
                available_at = $3::timestamptz + (interval '10 seconds' * power(2, least(attempts, 12)))
          WHERE id = $1`,
        [row.id, String(error instanceof Error ? error.message : error).slice(0, 2000), deps.now()],
      );
    }
  }
  return report;
}
