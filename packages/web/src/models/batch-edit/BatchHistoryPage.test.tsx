// The batch edit history with the real App against a local server playing {webapi}: the table of batches
// (who, model, fields, counts, status), a batch's records with each value before → after rendered by field,
// and the undo (confirmed first) opening the undo's own batch, its progress and the skipped record's reason.
import { beforeEach, describe, expect, it } from 'vitest';
import { MODEL_CATALOG } from '@ipdesk/core';
import type { BatchItem, BatchSummary } from '../../api/batch-edit';
import type { ModelSchema } from '../../api/model';
import type { ReceivedRequest } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click } from '../../testing/render';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { waitUntil } from '../../testing/wait';

const EDIT = 'Bat0000000000001';
const UNDO = 'Bat0000000000002';
const FIRST = 'Pat0000000000001';
const SECOND = 'Pat0000000000002';
const CHANGED_SINCE = '该记录在批量修改后已被改动，未撤销';

const schema: ModelSchema = modelSchema({
  fields: [
    systemField('sid', '编号'),
    schemaField('title', '专利名称'),
    schemaField('fee_reduction', '费用减缴', {
      kind: 'option',
      data_type: 'key',
      flags: { batchEdit: true },
      options: [
        { value: 'yes', label: '减缴' },
        { value: 'no', label: '不减缴' },
      ],
    }),
  ],
  abilities: { create: true, update: true, delete: true, import: true, export: true },
});

const outcomes = (extra: Partial<BatchSummary['counts']>): BatchSummary['counts'] => ({
  pending: 0,
  done: 0,
  unchanged: 0,
  failed: 0,
  skipped: 0,
  ...extra,
});

const batch = (extra: Partial<BatchSummary>): BatchSummary => ({
  sid: EDIT,
  kind: 'edit',
  model: 'patent',
  fields: ['fee_reduction'],
  status: 'completed',
  user_sid: 'User000000000001',
  user_name: '张三',
  created_at: '2026-11-02T08:00:00.000Z',
  finished_at: '2026-11-02T08:00:05.000Z',
  undo_of: null,
  undone_by: null,
  total: 2,
  counts: outcomes({ done: 2 }),
  failure: null,
  ...extra,
});

let edit: BatchSummary;
let undoReads: number;
const undoAt = (read: number): BatchSummary =>
  read < 1
    ? batch({ sid: UNDO, kind: 'undo', undo_of: EDIT, status: 'running', counts: outcomes({ pending: 2 }) })
    : batch({ sid: UNDO, kind: 'undo', undo_of: EDIT, counts: outcomes({ done: 1, skipped: 1 }) });

const editItems: BatchItem[] = [
  {
    seq: 1,
    record_sid: FIRST,
    outcome: 'done',
    changes: { fee_reduction: { before: 'no', after: 'yes' } },
    error: null,
  },
  {
    seq: 2,
    record_sid: SECOND,
    outcome: 'done',
    changes: { fee_reduction: { before: null, after: 'yes' } },
    error: null,
  },
];
const skipped: BatchItem = {
  seq: 2,
  record_sid: SECOND,
  outcome: 'skipped',
  changes: { fee_reduction: { before: 'yes', after: null } },
  error: { code: 409451, message: CHANGED_SINCE },
};

const page = pageTest((request: ReceivedRequest, response) => {
  const [path, search = ''] = request.url.split('?');
  const query = new URLSearchParams(search);
  if (path === '/webapi/model/patent/do/schema') return answer(schema)(request, response);
  if (path === '/webapi/model/patent/do/search')
    return answer({
      rows: [
        { sid: FIRST, version: 3, company_sid: TEST_COMPANY_SID, title: '锂电池负极材料' },
        { sid: SECOND, version: 4, company_sid: TEST_COMPANY_SID, title: '固态电解质' },
      ],
    })(request, response);
  if (path === '/webapi/batch-edit/history')
    return answer({ rows: edit.undone_by ? [undoAt(undoReads), edit] : [edit], total: edit.undone_by ? 2 : 1 })(
      request,
      response,
    );
  if (path === `/webapi/batch-edit/${EDIT}`) return answer(edit)(request, response);
  if (path === `/webapi/batch-edit/${EDIT}/items`) return answer({ rows: editItems, total: 2 })(request, response);
  if (path === `/webapi/batch-edit/${EDIT}/undo` && request.method === 'POST') {
    edit = { ...edit, undone_by: UNDO };
    return answer({ batch_sid: UNDO })(request, response);
  }
  if (path === `/webapi/batch-edit/${UNDO}`) return answer(undoAt(undoReads++))(request, response);
  if (path === `/webapi/batch-edit/${UNDO}/items`) {
    const only = query.get('outcome');
    const rows = undoReads < 2 ? [] : [skipped];
    return answer({ rows: only && only !== 'skipped' ? [] : rows, total: rows.length })(request, response);
  }
  return notFound(request, response);
});

beforeEach(() => {
  edit = batch({});
  undoReads = 0;
});

const present = (testId: string) => document.querySelector(`[data-testid="${testId}"]`) !== null;
const texts = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((element) => element.textContent);

describe('the batch edit history', { timeout: 60_000 }, () => {
  it('lists the batches, opens one with its records before → after, and undoes it showing the skipped record', async () => {
    await page.open('/batch-edit/history');
    await waitUntil(() => present(`batch-open-${EDIT}`));
    const patent = MODEL_CATALOG.find((model) => model.name === 'patent')!;
    const row = document.querySelector(`[data-row-key="${EDIT}"]`)!;
    expect(row.textContent).toContain('张三');
    expect(row.textContent).toContain(patent.label.zh);
    expect(row.textContent).toContain(patent.fields.fee_reduction!.label.zh);
    expect(texts('batch-row-counts')).toEqual(['共 2 条：修改 2，无需修改 0，失败 0，跳过 0']);
    expect(texts('batch-row-status')).toEqual(['已完成']);
    expect(page.sent('/webapi/batch-edit/history')[0]!.url).toContain('start=0&rows=20');

    await click(byTestId(document, `batch-open-${EDIT}`));
    await waitUntil(() => present(`batch-item-${FIRST}`));
    const first = byTestId(document, `batch-item-${FIRST}`);
    // Values read by their field, as the record history reads them; records by their title.
    expect(first.querySelector('[data-testid="batch-before"]')?.textContent).toBe('不减缴');
    expect(first.querySelector('[data-testid="batch-after"]')?.textContent).toBe('减缴');
    expect(first.querySelector('[data-testid="batch-item-outcome"]')?.textContent).toBe('已修改');
    await waitUntil(() => first.textContent?.includes('锂电池负极材料') ?? false);
    expect(byTestId(document, `batch-item-${SECOND}`).querySelector('[data-testid="batch-before"]')?.textContent).toBe(
      '—',
    );

    await click(byTestId(document, 'batch-undo'));
    await waitUntil(() => present('batch-undo-confirm'));
    expect(page.sent(`/webapi/batch-edit/${EDIT}/undo`)).toHaveLength(0);
    await click(document.querySelector<HTMLElement>('.ant-modal-confirm .ant-btn-dangerous')!);
    await waitUntil(() => page.sent(`/webapi/batch-edit/${EDIT}/undo`).length === 1);
    // The undo's own batch opens: its progress until it ends, then the skipped record and why.
    await waitUntil(() => present(`batch-detail-${UNDO}`));
    expect(byTestId(document, 'batch-kind').textContent).toBe('撤销');
    await waitUntil(() => byTestId(document, 'batch-run').getAttribute('data-status') === 'completed');
    expect(undoReads).toBeGreaterThanOrEqual(2);
    expect(byTestId(document, 'batch-counts').textContent).toBe('已修改 1 条，无需修改 0 条，失败 0 条，跳过 1 条');
    await waitUntil(() => present(`batch-skipped-${SECOND}`));
    expect(byTestId(document, `batch-skipped-${SECOND}`).textContent).toContain(CHANGED_SINCE);
    await waitUntil(() => byTestId(document, `batch-skipped-${SECOND}`).textContent?.includes('固态电解质') ?? false);
    // An undo offers no undo; the edit it undid is a click away and no longer undoable.
    expect(present('batch-undo')).toBe(false);
    await click(byTestId(document, 'batch-undo-of'));
    await waitUntil(() => present(`batch-detail-${EDIT}`) && present('batch-undone-by'));
    expect(present('batch-undo')).toBe(false);
  });
});
