import { describe, expect, it } from 'vitest';
import type { ConfigJob, JobStatus } from '../../api/config-packs';
import { nextAdmins } from './CompanyAdmins';
import { JOB_POLL_MS, isJobUnfinished, jobPercent, jobView, jobsPollInterval } from './jobs';
import { formatPackJson, parsePackJson } from './PackEditor';

function job(status: JobStatus, progress = 0, total = 0, error: string | null = null): ConfigJob {
  return {
    sid: `J-${status}`,
    pack_sid: 'P',
    pack_name: 'Pack',
    company_sid: 'C',
    status,
    progress,
    total,
    error,
    created_at: '2024-01-01T00:00:00Z',
    started_at: null,
    finished_at: null,
  };
}

describe('job status and progress', () => {
  it('waiting and in-progress jobs show a progress bar, finished ones do not', () => {
    expect(jobView(job('waiting', 0, 0))).toEqual({
      color: 'default',
      labelKey: 'adminOrg.job.waiting',
      progress: { percent: 0, progress: 0, total: 0 },
      error: undefined,
    });
    expect(jobView(job('in_progress', 3, 8))).toEqual({
      color: 'processing',
      labelKey: 'adminOrg.job.inProgress',
      progress: { percent: 37, progress: 3, total: 8 },
      error: undefined,
    });
    expect(jobView(job('completed', 8, 8))).toEqual({
      color: 'success',
      labelKey: 'adminOrg.job.completed',
      progress: undefined,
      error: undefined,
    });
  });

  it('a failed job shows its error and no progress bar', () => {
    const view = jobView(job('failed', 2, 8, '角色 X 的资源未知'));
    expect(view.labelKey).toBe('adminOrg.job.failed');
    expect(view.color).toBe('error');
    expect(view.progress).toBeUndefined();
    expect(view.error).toBe('角色 X 的资源未知');
    expect(jobView(job('failed')).error).toBe('');
  });

  it('the percentage stays within 0–100 and is 0 for a job of unknown size', () => {
    expect(jobPercent(job('in_progress', 5, 0))).toBe(0);
    expect(jobPercent(job('in_progress', 12, 10))).toBe(100);
    expect(jobPercent(job('in_progress', -1, 10))).toBe(0);
    expect(jobPercent(job('in_progress', 1, 3))).toBe(33);
    expect(jobPercent(job('completed', 0, 0))).toBe(100);
  });

  it('polls every 2 s while a job is unfinished, and stops once all have finished', () => {
    expect(isJobUnfinished(job('waiting'))).toBe(true);
    expect(isJobUnfinished(job('in_progress'))).toBe(true);
    expect(isJobUnfinished(job('completed'))).toBe(false);
    expect(isJobUnfinished(job('failed'))).toBe(false);
    expect(JOB_POLL_MS).toBe(2000);
    expect(jobsPollInterval([job('completed'), job('waiting')])).toBe(2000);
    expect(jobsPollInterval([job('completed'), job('failed')])).toBe(false);
    expect(jobsPollInterval([])).toBe(false);
    expect(jobsPollInterval(undefined)).toBe(false);
  });
});

describe('pack content editor', () => {
  it('accepts a JSON object and refuses other JSON or broken text', () => {
    expect(parsePackJson('{"roles": []}')).toEqual({ ok: true, content: { roles: [] } });
    expect(parsePackJson('[]')).toEqual({ ok: false, reason: 'notObject' });
    expect(parsePackJson('null')).toEqual({ ok: false, reason: 'notObject' });
    const broken = parsePackJson('{"roles": [}');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toBe('syntax');
  });

  it('starts a new pack from an empty skeleton and shows content indented', () => {
    expect(JSON.parse(formatPackJson(undefined))).toEqual({ roles: [], dictionaries: [] });
    expect(formatPackJson({ roles: [] })).toBe('{\n  "roles": []\n}');
  });
});

describe('company administrators', () => {
  it('adds without duplicates and removes', () => {
    expect(nextAdmins(['u1', 'u2'], { add: ['u2', 'u3'] })).toEqual(['u1', 'u2', 'u3']);
    expect(nextAdmins(['u1', 'u2'], { remove: ['u1'] })).toEqual(['u2']);
    expect(nextAdmins([], {})).toEqual([]);
  });
});
