// The list's batch edit with the real App against a local server playing {webapi}: the button only for a
// caller who may update a batch-editable field, the dialog offering exactly those fields with their usual
// inputs, the preview's count, the run's progress read until the batch ends, and its failures listed with the
// server's reason; the selection or the search as the records, and refusals kept in the dialog.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../api/batch-edit';
import type { ModelSchema } from '../../api/model';
import type { ReceivedRequest, Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, refuse, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { waitUntil } from '../../testing/wait';

const FIRST = 'Pat0000000000001';
const SECOND = 'Pat0000000000002';
const BATCH = 'Bat0000000000001';
const editable = { flags: { batchEdit: true } };
const ABILITIES = { create: true, update: true, delete: false, import: false, export: false };

let schema: ModelSchema;
let batchReads: number;
let startAnswer: Responder;

const counts = (extra: Partial<BatchSummary['counts']>): BatchSummary['counts'] => ({
  pending: 0,
  done: 0,
  unchanged: 0,
  failed: 0,
  skipped: 0,
  ...extra,
});

function batchAt(read: number): BatchSummary {
  const running = read < 2;
  return {
    sid: BATCH,
    kind: 'edit',
    model: 'patent',
    fields: ['fee_reduction'],
    status: running ? 'running' : 'completed',
    user_sid: 'User000000000001',
    user_name: '张三',
    created_at: '2026-11-02T08:00:00.000Z',
    finished_at: running ? null : '2026-11-02T08:00:05.000Z',
    undo_of: null,
    undone_by: null,
    total: 2,
    counts: running ? counts({ pending: 1, done: 1 }) : counts({ done: 1, failed: 1 }),
    failure: null,
  };
}

const rows = [
  { sid: FIRST, version: 2, company_sid: TEST_COMPANY_SID, title: '锂电池负极材料', fee_reduction: 'no' },
  { sid: SECOND, version: 5, company_sid: TEST_COMPANY_SID, title: '固态电解质', fee_reduction: 'no' },
];

const page = pageTest((request: ReceivedRequest, response) => {
  const path = request.url.split('?')[0];
  if (path === '/webapi/model/patent/do/schema') return answer(schema)(request, response);
  if (path === '/webapi/model/patent/do/search') return answer({ rows })(request, response);
  if (path === '/webapi/model/patent/do/count') return answer({ total: rows.length })(request, response);
  if (path === '/webapi/model/user_define_config/do/search_header') return answer({ columns: null })(request, response);
  if (path === '/webapi/model/user_define_config/do/search') return answer([])(request, response);
  if (path === '/webapi/model/patent/do/batch-edit/preview')
    return answer({ selected: 2, in_scope: 2, will_change: 1 })(request, response);
  if (path === '/webapi/model/patent/do/batch-edit') return startAnswer(request, response);
  if (path === `/webapi/batch-edit/${BATCH}`) return answer(batchAt(batchReads++))(request, response);
  if (path === `/webapi/batch-edit/${BATCH}/items`)
    return answer({
      rows: [
        {
          seq: 2,
          record_sid: SECOND,
          outcome: 'failed',
          changes: {},
          error: { code: 403601, message: '该专利正在审批中，字段“费用减缴”已锁定' },
        },
      ],
      total: 1,
    })(request, response);
  return notFound(request, response);
});

beforeEach(() => {
  schema = modelSchema({
    fields: [
      systemField('sid', '编号'),
      systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
      schemaField('title', '专利名称'),
      schemaField('fee_reduction', '费用减缴', {
        ...editable,
        kind: 'option',
        data_type: 'key',
        options: [
          { value: 'yes', label: '减缴' },
          { value: 'no', label: '不减缴' },
        ],
      }),
      schemaField('agent_note', '代理备注', { ...editable, max_length: 20 }),
      schemaField('agent', '代理人', { ...editable, read_only: true }),
    ],
    abilities: ABILITIES,
  });
  batchReads = 0;
  startAnswer = answer({ batch_sid: BATCH });
});

const present = (testId: string) => document.querySelector(`[data-testid="${testId}"]`) !== null;
const checkbox = (title: string) => document.querySelector<HTMLInputElement>(`input[aria-label="选择 ${title}"]`);
/** The list's own searches (not the lookup of records' titles by sid). */
const listSearches = () => page.sent('/webapi/model/patent/do/search').filter((r) => !r.body.includes(SECOND));
const bodyOf = (path: string, index = 0) => JSON.parse(page.sent(path)[index]!.body) as unknown;

/** Opens an antd select; answers the texts of its options. */
async function openSelect(select: HTMLElement): Promise<string[]> {
  const selector = select.closest('.ant-select')?.querySelector('.ant-select-selector') ?? select;
  await act(async () => {
    selector.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await waitUntil(() => document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)') !== null);
  const dropdown = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1)!;
  return [...dropdown.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent ?? '');
}

async function choose(select: HTMLElement, text: string): Promise<void> {
  await openSelect(select);
  const dropdown = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1)!;
  const option = [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
    (item) => item.textContent === text,
  );
  await click(option!);
}

async function openList() {
  const rendered = await page.open('/model/patent');
  await waitUntil(() => checkbox('固态电解质') !== null);
  return rendered;
}

describe('batch edit on the list', { timeout: 60_000 }, () => {
  it('is offered only to a caller who may update a batch-editable field', async () => {
    schema = { ...schema, abilities: { ...ABILITIES, update: false } };
    const first = await page.open('/model/patent');
    await waitUntil(() => present('record-link'));
    expect(present('model-batch-edit')).toBe(false);
    first.unmount();

    schema = {
      ...schema,
      abilities: ABILITIES,
      fields: schema.fields.filter((f) => f.name !== 'fee_reduction' && f.name !== 'agent_note'),
    };
    await page.open('/model/patent');
    await waitUntil(() => present('record-link'));
    expect(present('model-batch-edit')).toBe(false);
  });

  it('edits the selection: offered fields, preview count, progress until done, the failures with their reason', async () => {
    const { container } = await openList();
    await click(checkbox('锂电池负极材料')!);
    await click(checkbox('固态电解质')!);
    await click(byTestId(container, 'model-batch-edit'));
    await waitUntil(() => present('batch-edit-form'));
    expect(byTestId(document, 'batch-edit-scope-selected').textContent).toContain('已选的 2 条记录');

    // The batch-editable fields the caller may write: not the title, not the read-only agent.
    expect(await openSelect(byTestId(document, 'batch-edit-fields'))).toEqual(['费用减缴', '代理备注']);
    await choose(byTestId(document, 'batch-edit-fields'), '费用减缴');
    await waitUntil(() => present('batch-edit-field-fee_reduction'));
    expect(present('batch-edit-field-agent_note')).toBe(false);
    // The field's own input (options) with its labels.
    await choose(byTestId(document, 'batch-edit-field-fee_reduction'), '减缴');

    await click(byTestId(document, 'batch-edit-preview'));
    await waitUntil(() => present('batch-edit-will-change'));
    expect(byTestId(document, 'batch-edit-will-change').textContent).toBe('将修改 1 条记录');
    expect(bodyOf('/webapi/model/patent/do/batch-edit/preview')).toEqual({
      sids: [FIRST, SECOND],
      values: { fee_reduction: 'yes' },
    });
    expect(page.sent('/webapi/model/patent/do/batch-edit')).toHaveLength(0);

    const searches = listSearches().length;
    await click(byTestId(document, 'batch-edit-run'));
    await waitUntil(() => present('batch-run'));
    expect(bodyOf('/webapi/model/patent/do/batch-edit')).toEqual({
      sids: [FIRST, SECOND],
      values: { fee_reduction: 'yes' },
    });
    // Running: one of two handled, the bar at half.
    await waitUntil(() => byTestId(document, 'batch-status').textContent === '正在处理 1 / 2');
    expect(byTestId(document, 'batch-progress').getAttribute('data-percent')).toBe('50');
    // Read again until it ends.
    await waitUntil(() => byTestId(document, 'batch-run').getAttribute('data-status') === 'completed');
    expect(batchReads).toBeGreaterThanOrEqual(3);
    expect(byTestId(document, 'batch-progress').getAttribute('data-percent')).toBe('100');
    expect(byTestId(document, 'batch-counts').textContent).toBe('已修改 1 条，无需修改 0 条，失败 1 条，跳过 0 条');
    await waitUntil(() => present(`batch-failed-${SECOND}`));
    // Named by its title, read in one search by sid.
    await waitUntil(() => byTestId(document, `batch-failed-${SECOND}`).textContent?.includes('固态电解质') ?? false);
    expect(byTestId(document, `batch-failed-${SECOND}`).textContent).toContain('字段“费用减缴”已锁定');
    expect(page.sent(`/webapi/batch-edit/${BATCH}/items`)[0]!.url).toContain('outcome=failed');
    // The list reads its records again, and the history is a link away.
    await waitUntil(() => listSearches().length > searches);
    expect(byTestId<HTMLAnchorElement>(document, 'batch-edit-history-link').getAttribute('href')).toMatch(
      new RegExp(`/batch-edit/history\\?model=patent&batch=${BATCH}$`),
    );
  });

  it('edits every record the search finds when none is selected; asks for a field first; clears an empty value', async () => {
    const { container } = await openList();
    await click(byTestId(container, 'model-batch-edit'));
    await waitUntil(() => present('batch-edit-form'));
    // Spec §5: nothing selected, so the selection cannot be chosen; the search is.
    const scopeInput = (testId: string) =>
      byTestId(document, testId).closest('label')?.querySelector<HTMLInputElement>('input[type="radio"]');
    expect(scopeInput('batch-edit-scope-selected')?.disabled).toBe(true);
    expect(scopeInput('batch-edit-scope-search')?.checked).toBe(true);
    expect(byTestId(document, 'batch-edit-iql').textContent).toBe('全部记录（未设搜索条件）');

    await click(byTestId(document, 'batch-edit-run'));
    await waitUntil(() => document.body.textContent?.includes('请至少选择一个字段') ?? false);
    expect(page.sent('/webapi/model/patent/do/batch-edit')).toHaveLength(0);

    await choose(byTestId(document, 'batch-edit-fields'), '代理备注');
    await waitUntil(() => present('batch-edit-field-agent_note'));
    await typeInto(byTestId<HTMLInputElement>(document, 'batch-edit-field-agent_note'), '  ');
    startAnswer = refuse(413, 413450, '最多可修改 10000 条记录，当前为 12000 条');
    await click(byTestId(document, 'batch-edit-run'));
    await waitUntil(() => present('batch-edit-error'));
    expect(byTestId(document, 'batch-edit-error').textContent).toContain('当前为 12000 条');
    expect(bodyOf('/webapi/model/patent/do/batch-edit')).toEqual({ query: '', values: { agent_note: null } });
    // The dialog stays on its form: nothing started.
    expect(present('batch-run')).toBe(false);
  });
});
