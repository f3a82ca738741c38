// Batch edit limits shared by the server and the web (docs/models.md "Batch edit").

/** Records one batch edit may change: the selection, or every record a search finds, up to this many. */
export const BATCH_EDIT_MAX_RECORDS = 10_000;

/** What became of one record of a batch: written, already holding the values, refused, or (undo) changed since. */
export const BATCH_ITEM_OUTCOMES = ['pending', 'done', 'unchanged', 'failed', 'skipped'] as const;
export type BatchItemOutcome = (typeof BATCH_ITEM_OUTCOMES)[number];

export const BATCH_JOB_STATUSES = ['waiting', 'running', 'completed', 'failed'] as const;
export type BatchJobStatus = (typeof BATCH_JOB_STATUSES)[number];
