// Telling whoever queued a batch edit (or its undo) how it ended (issue 19), in the transaction that writes
// its outcome.
import type { Queryable } from '../../db/database.js';
import { queueJobNotice, type JobNotice } from '../notifications/job-notices.js';
import type { ModelRegistry } from '../models/registry.js';

export async function batchNotice(
  tx: Queryable,
  registry: ModelRegistry,
  job: { sid: string; tenant_sid: string; user_sid: string; model: string; kind: 'edit' | 'undo' },
  outcome: JobNotice['outcome'],
  now: Date,
): Promise<void> {
  await queueJobNotice(tx, {
    tenantSid: job.tenant_sid,
    userSid: job.user_sid,
    jobSid: job.sid,
    kind: job.kind === 'undo' ? 'batchUndo' : 'batchEdit',
    subject: registry.get(job.model)?.declaration.label ?? job.model,
    outcome,
    link: `/model/${job.model}`,
    now,
  });
}
