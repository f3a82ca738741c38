// A record's lifecycle on its detail page, with the real App against a local server playing {webapi}: the
// status as a coloured tag, only the actions the record lists and the reader holds, and the action dialog
// sending what the action route takes (the set fields, the comment, the version read), its refusals listed.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ActionRun, ModelSchema } from '../../api/model';
import { sendJson, type ReceivedRequest, type Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click, typeInto } from '../../testing/render';
import { schemaField, systemField } from '../../testing/schema-fixtures';
import { waitUntil } from '../../testing/wait';

const PAPER = 'Pap0000000000001';
const OTHER = 'Pap0000000000002';

const schema: ModelSchema = {
  name: 'scientific_paper',
  label: '论文',
  title_field: 'title',
  fields: [
    systemField('sid', '编号'),
    systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
    schemaField('title', '论文题目'),
    schemaField('status', '论文状态', {
      kind: 'option',
      data_type: 'key',
      dictionary: 'paper_status',
      read_only: true,
    }),
    schemaField('score', '评分', { kind: 'number', data_type: 'decimal', min: 0, max: 100, scale: 1, read_only: true }),
  ],
  lifecycle: {
    field: 'status',
    initial: 'draft',
    statuses: [
      { key: 'draft', label: '草稿', color: 'default', final: false },
      { key: 'reported', label: '已上报', color: 'gold', final: false },
      { key: 'scored', label: '已评分', color: 'green', final: true },
    ],
    actions: [
      action('report', '上报', { allowed: false }),
      action('score', '评分', { sets: ['score'], requires: ['score'] }),
      action('abandon', '放弃', { comment: 'required', confirm: '放弃后论文不能再上报或评分。' }),
      action('review', '送审', { approval: true }),
    ],
  },
};

function action(
  name: string,
  label: string,
  extra: Partial<NonNullable<ModelSchema['lifecycle']>['actions'][number]> = {},
): NonNullable<ModelSchema['lifecycle']>['actions'][number] {
  return {
    name,
    label,
    from: ['reported'],
    to: 'scored',
    comment: 'optional',
    sets: [],
    requires: [],
    confirm: null,
    approval: false,
    allowed: true,
    ...extra,
  };
}

let paper: Record<string, unknown>;
let listRows: Array<Record<string, unknown>>;
let actionAnswer: Responder;
/** What do/count answers for the list's search (a search may find more than a page holds). */
let searchTotal: number | undefined;

const page = pageTest((request: ReceivedRequest, response) => {
  const path = request.url.split('?')[0];
  if (path === '/webapi/model/scientific_paper/do/schema') return answer(schema)(request, response);
  if (path === `/webapi/model/scientific_paper/${PAPER}`) return answer(paper)(request, response);
  if (path?.startsWith('/webapi/model/scientific_paper/do/action/')) return actionAnswer(request, response);
  if (path === '/webapi/model/scientific_paper/do/search')
    return answer({ rows: listRows, total: listRows.length })(request, response);
  if (path === '/webapi/model/scientific_paper/do/count')
    return answer({ total: searchTotal ?? listRows.length })(request, response);
  if (path === '/webapi/model/user_define_config/do/search_header') return answer({ columns: null })(request, response);
  if (path === '/webapi/model/user_define_config/do/search') return answer([])(request, response);
  return notFound(request, response);
});

beforeEach(() => {
  paper = {
    sid: PAPER,
    version: 3,
    company_sid: TEST_COMPANY_SID,
    title: '锂电池负极材料',
    status: 'reported',
    score: null,
    _actions: ['report', 'score', 'abandon'],
  };
  actionAnswer = notFound;
  searchTotal = undefined;
  listRows = [
    { ...paper, sid: PAPER, title: '锂电池负极材料', status: 'reported', _actions: ['score', 'abandon'] },
    { ...paper, sid: OTHER, title: '固态电解质', status: 'scored', _actions: [] },
  ];
});

const run = (results: ActionRun['results']): Responder =>
  answer({
    results,
    done: results.filter((r) => r.outcome === 'done').length,
    started: results.filter((r) => r.outcome === 'started').length,
    refused: results.filter((r) => r.outcome === 'refused').length,
  });

const present = (testId: string) => document.querySelector(`[data-testid="${testId}"]`) !== null;

async function openPaper() {
  const rendered = await page.open(`/model/scientific_paper/${PAPER}`);
  await waitUntil(() => present('detail-title'));
  return rendered;
}

describe('lifecycle actions on the detail page', () => {
  it('shows the status in its colour and offers only the listed actions the reader holds', async () => {
    const { container } = await openPaper();
    const status = byTestId(container, 'record-status');
    expect(status.textContent).toBe('已上报');
    expect(status.className).toContain('ant-tag-gold');
    expect(present('action-score')).toBe(true);
    expect(present('action-abandon')).toBe(true);
    // Listed on the record, but the reader lacks its button.
    expect(present('action-report')).toBe(false);
  });

  it('offers nothing the record does not list (a final status lists none)', async () => {
    paper = { ...paper, status: 'scored', score: 88, _actions: [] };
    const { container } = await openPaper();
    expect(byTestId(container, 'record-status').textContent).toBe('已评分');
    expect(present('action-score')).toBe(false);
    expect(present('action-abandon')).toBe(false);
  });

  it('scores: asks for the score first, then sends it with the version read and reads the paper again', async () => {
    const { container } = await openPaper();
    await click(byTestId(container, 'action-score'));
    await waitUntil(() => present('action-form'));
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => document.body.textContent?.includes('请填写评分') ?? false);
    expect(page.sent('/webapi/model/scientific_paper/do/action/score')).toHaveLength(0);

    actionAnswer = run([{ sid: PAPER, outcome: 'done', status: 'scored', version: 4 }]);
    await typeInto(byTestId<HTMLInputElement>(document, 'action-field-score'), '88.5');
    const reads = page.sent(`/webapi/model/scientific_paper/${PAPER}`).length;
    paper = { ...paper, status: 'scored', score: 88.5, version: 4, _actions: [] };
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => page.sent('/webapi/model/scientific_paper/do/action/score').length === 1);
    expect(JSON.parse(page.sent('/webapi/model/scientific_paper/do/action/score')[0]!.body)).toEqual({
      sids: [PAPER],
      versions: { [PAPER]: 3 },
      values: { score: 88.5 },
    });
    await waitUntil(() => page.sent(`/webapi/model/scientific_paper/${PAPER}`).length > reads);
    await waitUntil(() => byTestId(container, 'record-status').textContent === '已评分');
    await waitUntil(() => !present('action-form'));
    await waitUntil(() => document.querySelector('.ant-message')?.textContent?.includes('已评分') ?? false);
  });

  it('says an approval-bound action went for approval, and reads the paper again', async () => {
    paper = { ...paper, _actions: ['review'] };
    const { container } = await openPaper();
    await click(byTestId(container, 'action-review'));
    await waitUntil(() => present('action-form'));
    actionAnswer = run([{ sid: PAPER, outcome: 'started', instance_sid: 'Ins0000000000001' }]);
    const reads = page.sent(`/webapi/model/scientific_paper/${PAPER}`).length;
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => document.querySelector('.ant-message')?.textContent?.includes('“送审”已提交审批') ?? false);
    await waitUntil(() => page.sent(`/webapi/model/scientific_paper/${PAPER}`).length > reads);
    await waitUntil(() => !present('action-form'));
  });

  it('abandons only with a comment, after its warning, and lists the server refusal', async () => {
    const { container } = await openPaper();
    await click(byTestId(container, 'action-abandon'));
    await waitUntil(() => present('action-form'));
    expect(byTestId(document, 'action-confirm').textContent).toContain('不能再上报');
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => document.body.textContent?.includes('请填写意见') ?? false);
    expect(page.sent('/webapi/model/scientific_paper/do/action/abandon')).toHaveLength(0);

    actionAnswer = run([{ sid: PAPER, outcome: 'refused', code: 409000, message: '数据已被他人修改，请刷新后重试' }]);
    await typeInto(byTestId<HTMLTextAreaElement>(document, 'action-comment'), '重复投稿');
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => present(`action-refused-${PAPER}`));
    expect(byTestId(document, `action-refused-${PAPER}`).textContent).toContain('锂电池负极材料');
    expect(byTestId(document, `action-refused-${PAPER}`).textContent).toContain('数据已被他人修改');
    expect(JSON.parse(page.sent('/webapi/model/scientific_paper/do/action/abandon')[0]!.body)).toMatchObject({
      comment: '重复投稿',
    });
  });

  it('shows a refusal of the whole call in the dialog', async () => {
    actionAnswer = sendJson(403, { code: 403000, message: '无权执行此操作', request_id: 'r' });
    const { container } = await openPaper();
    await click(byTestId(container, 'action-abandon'));
    await waitUntil(() => present('action-form'));
    await typeInto(byTestId<HTMLTextAreaElement>(document, 'action-comment'), '不再需要');
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => present('action-error'));
    expect(byTestId(document, 'action-error').textContent).toContain('无权执行此操作');
  });
});

describe('lifecycle actions on a list selection or search', () => {
  const checkbox = (title: string) => document.querySelector<HTMLInputElement>(`input[aria-label="选择 ${title}"]`);
  /** The radio input beside a scope's label. */
  const radio = (testId: string) =>
    byTestId(document, testId).closest('label')!.querySelector<HTMLInputElement>('input[type="radio"]')!;

  it('runs the action on every selected paper and lists the refused ones', async () => {
    const { container } = await page.open('/model/scientific_paper');
    await waitUntil(() => checkbox('固态电解质') !== null);
    // The status column reads as the coloured tag.
    expect([...container.querySelectorAll('[data-testid="record-status"]')].map((tag) => tag.textContent)).toEqual([
      '已上报',
      '已评分',
    ]);

    await click(byTestId(container, 'batch-actions'));
    await waitUntil(() => present('batch-action-abandon'));
    // Held, but not offered: the reader lacks "report".
    expect(present('batch-action-report')).toBe(false);
    await click(byTestId(container, 'batch-actions'));

    await click(checkbox('锂电池负极材料')!);
    await click(checkbox('固态电解质')!);
    await waitUntil(() => byTestId(container, 'selected-count').textContent?.includes('2') ?? false);
    await click(byTestId(container, 'batch-actions'));
    await waitUntil(() => present('batch-action-abandon'));
    await click(byTestId(document, 'batch-action-abandon'));
    await waitUntil(() => present('action-form'));
    expect(byTestId(document, 'action-scope-selected').textContent).toBe('已选的 2 条记录');
    expect(radio('action-scope-selected').checked).toBe(true);

    actionAnswer = run([
      { sid: PAPER, outcome: 'done', status: 'abandon', version: 4 },
      { sid: OTHER, outcome: 'refused', code: 409202, message: '状态为“已评分”的记录不能执行“放弃”' },
    ]);
    await typeInto(byTestId<HTMLTextAreaElement>(document, 'action-comment'), '项目终止');
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => present(`action-refused-${OTHER}`));
    expect(byTestId(document, `action-refused-${OTHER}`).textContent).toContain('固态电解质');
    expect(present(`action-refused-${PAPER}`)).toBe(false);
    expect(JSON.parse(page.sent('/webapi/model/scientific_paper/do/action/abandon')[0]!.body)).toEqual({
      sids: [PAPER, OTHER],
      versions: { [PAPER]: 3, [OTHER]: 3 },
      comment: '项目终止',
    });
  });

  it('runs the action on every record the current search finds, as the batch edit offers it, and lists the refused ones by title', async () => {
    searchTotal = 1234;
    const { container } = await page.open('/model/scientific_paper');
    await waitUntil(() => checkbox('固态电解质') !== null);
    await click(byTestId(container, 'search-mode-advance'));
    await typeInto(byTestId<HTMLInputElement>(container, 'iql-input'), "title CONTAINS '电'");
    await click(byTestId(container, 'iql-search'));
    await waitUntil(() => present('current-iql'));
    const iql = byTestId(container, 'current-iql').textContent ?? '';
    expect(iql).toContain("title CONTAINS '电'");
    await waitUntil(() => byTestId(container, 'list-total').textContent?.includes('1,234') ?? false);

    // Nothing selected: the search is the only choice; past the limit it is not offered.
    await click(byTestId(container, 'batch-actions'));
    await waitUntil(() => present('batch-action-abandon'));
    await click(byTestId(document, 'batch-action-abandon'));
    await waitUntil(() => present('action-form'));
    expect(radio('action-scope-selected').disabled).toBe(true);
    expect(byTestId(document, 'action-scope-search').textContent).toBe(
      '当前搜索到的全部记录（1,234 条，最多 1,000 条）',
    );
    expect(radio('action-scope-search').disabled).toBe(true);
    expect(byTestId(document, 'action-scope-iql').textContent).toBe(iql);
    await click(byTestId(document, 'action-dialog-ok').parentElement!.querySelector<HTMLElement>('button')!);
    await waitUntil(() => !present('action-form'));

    searchTotal = 2;
    await typeInto(byTestId<HTMLInputElement>(container, 'iql-input'), "title CONTAINS '池'");
    await click(byTestId(container, 'iql-search'));
    await waitUntil(() => byTestId(container, 'current-iql').textContent?.includes('池') ?? false);
    const narrowed = byTestId(container, 'current-iql').textContent ?? '';
    await waitUntil(() => byTestId(container, 'list-total').textContent?.includes('2') ?? false);
    await click(byTestId(container, 'batch-actions'));
    await waitUntil(() => present('batch-action-abandon'));
    await click(byTestId(document, 'batch-action-abandon'));
    await waitUntil(() => present('action-form'));
    expect(byTestId(document, 'action-scope-search').textContent).toBe('当前搜索到的全部记录（2 条，最多 1,000 条）');
    expect(radio('action-scope-search').checked).toBe(true);

    actionAnswer = run([
      { sid: PAPER, outcome: 'done', status: 'abandon', version: 4 },
      { sid: OTHER, outcome: 'refused', code: 409202, message: '状态为“已评分”的记录不能执行“放弃”' },
    ]);
    await typeInto(byTestId<HTMLTextAreaElement>(document, 'action-comment'), '项目终止');
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => present(`action-refused-${OTHER}`));
    // The refused record is named by its title, read after the run (the dialog had only the search).
    await waitUntil(() => byTestId(document, `action-refused-${OTHER}`).textContent?.includes('固态电解质') ?? false);
    expect(byTestId(document, `action-refused-${OTHER}`).textContent).toContain('不能执行“放弃”');
    expect(document.body.textContent).toContain('2 条中有 1 条未执行');
    expect(JSON.parse(page.sent('/webapi/model/scientific_paper/do/action/abandon')[0]!.body)).toEqual({
      query: narrowed,
      comment: '项目终止',
    });
  });
});
