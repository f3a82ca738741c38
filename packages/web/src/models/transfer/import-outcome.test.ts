import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../api/transfer';
import { importOutcome, importProgress, isXlsxFile } from './import-outcome';

const job = (change: Partial<ImportJob>): ImportJob => ({
  status: 'completed',
  phase: 'done',
  queue_position: null,
  total: 3,
  processed: 3,
  to_write: 3,
  imported: 3,
  error_count: 0,
  errors: [],
  failure: null,
  ...change,
});

describe('import results are never silently partial', () => {
  it('says how many rows were imported and left out', () => {
    expect(importOutcome(job({}), 'all_or_nothing')).toMatchObject({ status: 'success', key: 'transfer.doneAll' });
    expect(importOutcome(job({ status: 'failed', imported: 0, error_count: 1 }), 'all_or_nothing')).toMatchObject({
      status: 'error',
      key: 'transfer.nothingImported',
      params: { errors: 1 },
    });
    expect(importOutcome(job({ imported: 2, error_count: 1 }), 'valid_only')).toMatchObject({
      status: 'warning',
      key: 'transfer.partly',
      params: { imported: 2, errors: 1 },
    });
    expect(importOutcome(job({ status: 'failed', imported: 0, failure: 'unreadable' }), 'valid_only')).toMatchObject({
      status: 'error',
      key: 'transfer.failed',
    });
  });

  it('takes .xlsx files only', () => {
    expect(isXlsxFile({ name: 'a.xlsx' })).toBe(true);
    expect(isXlsxFile({ name: 'A.XLSX' })).toBe(true);
    expect(isXlsxFile({ name: 'a.xls' })).toBe(false);
    expect(isXlsxFile({ name: 'a.csv' })).toBe(false);
  });
});

describe("import progress is the job's own, phase by phase", () => {
  it('shows the place in the queue, the rows checked, then the rows written of those to write', () => {
    expect(importProgress(job({ status: 'waiting', phase: 'queued', queue_position: 3 }))).toEqual({
      percent: 0,
      key: 'transfer.progressQueued',
      params: { position: 3 },
    });
    expect(importProgress(job({ status: 'running', phase: 'validating', processed: 1500, total: 0 }))).toEqual({
      percent: undefined,
      key: 'transfer.progressValidating',
      params: { processed: 1500 },
    });
    expect(
      importProgress(job({ status: 'running', phase: 'writing', total: 10_000, to_write: 8000, imported: 2000 })),
    ).toEqual({ percent: 25, key: 'transfer.progressWriting', params: { imported: 2000, total: 8000 } });
  });
});
