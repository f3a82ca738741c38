// Telling whoever queued a background job that it finished or failed (issue 19): an import, a batch edit or
// its undo, a configuration pack. Queued in the transaction that writes the job's completion or failure, so
// the notice and the job's outcome commit together, and keyed by the job so a job failed twice (its runner,
// then the sweep of expired leases) tells once. The job's name is kept as a bilingual label (the job kind
// with the model's label or the pack's name), so each reader reads it in their own language.
import { translate, type Label, type Language, type MessageKey } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { queueNotification } from './notify.js';

export type JobKind = 'import' | 'batchEdit' | 'batchUndo' | 'configPack';

export interface JobNotice {
  tenantSid: string;
  /** Who queued the job; nobody is told when it is unknown (a pack job from before requests were kept). */
  userSid: string | null;
  jobSid: string;
  kind: JobKind;
  /** The model's label (imports, batch edits) or the pack's name. */
  subject: Label | string;
  /** Finished with how many records (or pack items) written, or failed with why. */
  outcome: { finished: number; unit: 'records' | 'items' } | { failed: Label | string };
  /** Where it leads in the app (the model's list), if anywhere. */
  link?: string | null;
  now: Date;
}

/** A text in both languages, from one message key. */
export function bilingual(key: MessageKey, params: Record<string, string | number> = {}): Label {
  return { zh: translate('zh-CN', key, params), en: translate('en', key, params) };
}

/** Each language's text from a function of the language (a failure worded by the error catalogue). */
export function inBothLanguages(text: (language: Language) => string): Label {
  return { zh: text('zh-CN'), en: text('en') };
}

export async function queueJobNotice(tx: Queryable, notice: JobNotice): Promise<void> {
  if (!notice.userSid) return;
  const subject = typeof notice.subject === 'string' ? { zh: notice.subject, en: notice.subject } : notice.subject;
  const key = `notification.job.${notice.kind}` as MessageKey;
  const job: Label = {
    zh: translate('zh-CN', key, { model: subject.zh, pack: subject.zh }),
    en: translate('en', key, { model: subject.en, pack: subject.en }),
  };
  const finished = 'finished' in notice.outcome ? notice.outcome : null;
  await queueNotification(
    tx,
    {},
    {
      tenantSid: notice.tenantSid,
      event: finished ? 'job.finished' : 'job.failed',
      to: [notice.userSid],
      params: finished
        ? { job, count: bilingual(`notification.job.${finished.unit}`, { count: finished.finished }) }
        : { job, reason: 'failed' in notice.outcome ? notice.outcome.failed : '' },
      link: notice.link ?? null,
      dedupeKey: `job:${notice.kind}:${notice.jobSid}`,
      now: notice.now,
    },
  );
}
