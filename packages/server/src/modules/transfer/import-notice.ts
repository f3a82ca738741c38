// Telling whoever queued an import how it ended (issue 19), in the transaction that writes its outcome.
import type { Queryable } from '../../db/database.js';
import { queueJobNotice, type JobNotice } from '../../platform/notifications/job-notices.js';
import type { ModelRegistry } from '../../platform/models/registry.js';

export async function importNotice(
  tx: Queryable,
  registry: ModelRegistry | undefined,
  job: { sid: string; tenant_sid: string; user_sid: string; model: string },
  outcome: JobNotice['outcome'],
  now: Date,
): Promise<void> {
  await queueJobNotice(tx, {
    tenantSid: job.tenant_sid,
    userSid: job.user_sid,
    jobSid: job.sid,
    kind: 'import',
    subject: registry?.get(job.model)?.declaration.label ?? job.model,
    outcome,
    link: `/model/${job.model}`,
    now,
  });
}
