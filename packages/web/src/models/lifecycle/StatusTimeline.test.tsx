// A lifecycle record's status timeline on its detail page (the "Status" tab), with the real App against a
// local server playing {webapi}: created in the initial status, then each change with its action, actor,
// comment and statuses as coloured tags; a change an approval made links to that process, opened in a drawer.
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry, ModelSchema } from '../../api/model';
import type { InstancePanel } from '../../api/workflow-runs';
import type { Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click } from '../../testing/render';
import { schemaField, systemField } from '../../testing/schema-fixtures';
import { waitUntil } from '../../testing/wait';
import { statusSteps } from './StatusTimeline';

const PAPER = 'Pap0000000000001';
const INSTANCE = 'Ins0000000000001';

const action = (name: string, label: string, from: string[], to: string, approval = false) => ({
  name,
  label,
  from,
  to,
  comment: 'optional' as const,
  sets: [],
  requires: [],
  confirm: null,
  approval,
  allowed: true,
});

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
  ],
  lifecycle: {
    field: 'status',
    initial: 'draft',
    statuses: [
      { key: 'draft', label: '草稿', color: 'default', final: false },
      { key: 'not_reported', label: '未上报', color: 'blue', final: false },
      { key: 'reported', label: '已上报', color: 'gold', final: false },
    ],
    actions: [
      action('submit', '提交', ['draft'], 'not_reported'),
      action('report', '上报', ['not_reported'], 'reported', true),
    ],
  },
};

const HISTORY: HistoryEntry[] = [
  {
    action: 'scientific_paper.created',
    actor_sid: 'Usr0000000000001',
    actor_name: '张三',
    at: '2026-11-02T01:00:00.000Z',
    changes: { title: { before: null, after: '锂电池负极材料' }, status: { before: null, after: 'draft' } },
  },
  {
    action: 'scientific_paper.updated',
    actor_sid: 'Usr0000000000001',
    actor_name: '张三',
    at: '2026-11-02T02:00:00.000Z',
    changes: { title: { before: '锂电池负极材料', after: '锂电池负极' } },
  },
  {
    action: 'scientific_paper.status_changed',
    actor_sid: 'Usr0000000000001',
    actor_name: '张三',
    at: '2026-11-03T01:00:00.000Z',
    changes: { status: { before: 'draft', after: 'not_reported' } },
    lifecycle_action: 'submit',
    comment: '请审阅',
  },
  {
    action: 'scientific_paper.status_changed',
    actor_sid: 'Usr0000000000001',
    actor_name: '张三',
    at: '2026-11-05T01:00:00.000Z',
    changes: { status: { before: 'not_reported', after: 'reported' } },
    lifecycle_action: 'report',
    comment: '请上报',
    instance_sid: INSTANCE,
  },
];

const INSTANCE_PANEL: InstancePanel = {
  sid: INSTANCE,
  status: 'approved',
  status_label: '已通过',
  model: 'scientific_paper',
  record_sid: PAPER,
  definition: { sid: 'Def0000000000001', key: 'paper_report', version: 1, name: '论文上报审批' },
  starter_sid: 'Usr0000000000001',
  variables: {},
  created_at: '2026-11-04T01:00:00.000Z',
  submitted_at: '2026-11-04T01:00:00.000Z',
  finished_at: '2026-11-05T01:00:00.000Z',
  current_nodes: [],
  tasks: [],
  history: [],
  actions: { tasks: [], submit: false, withdraw: false, urge: false, end: false },
};

let instanceAnswer: Responder;

const page = pageTest((request, response) => {
  const path = request.url.split('?')[0];
  if (path === '/webapi/model/scientific_paper/do/schema') return answer(schema)(request, response);
  if (path === `/webapi/model/scientific_paper/${PAPER}`)
    return answer({
      sid: PAPER,
      version: 4,
      company_sid: TEST_COMPANY_SID,
      title: '锂电池负极',
      status: 'reported',
      _actions: [],
    })(request, response);
  if (path === `/webapi/model/scientific_paper/do/history/${PAPER}`) return answer(HISTORY)(request, response);
  if (path === `/webapi/workflow/instances/${INSTANCE}`) return instanceAnswer(request, response);
  if (path === `/webapi/workflow/instances/${INSTANCE}/diagram`) return notFound(request, response);
  return notFound(request, response);
});

beforeEach(() => {
  instanceAnswer = answer(INSTANCE_PANEL);
});

const present = (testId: string) => document.querySelector(`[data-testid="${testId}"]`) !== null;

describe('status steps from the history', () => {
  it('keeps creation and status changes only, oldest first, with the approval that made a change', () => {
    expect(statusSteps('scientific_paper', 'status', 'draft', HISTORY)).toEqual([
      { kind: 'created', at: HISTORY[0]!.at, actor: '张三', to: 'draft' },
      {
        kind: 'changed',
        at: HISTORY[2]!.at,
        actor: '张三',
        from: 'draft',
        to: 'not_reported',
        action: 'submit',
        comment: '请审阅',
        instanceSid: undefined,
      },
      {
        kind: 'changed',
        at: HISTORY[3]!.at,
        actor: '张三',
        from: 'not_reported',
        to: 'reported',
        action: 'report',
        comment: '请上报',
        instanceSid: INSTANCE,
      },
    ]);
  });

  it('starts a record created without its status in the history at the initial status', () => {
    const created = { ...HISTORY[0]!, changes: {} };
    expect(statusSteps('scientific_paper', 'status', 'draft', [created])[0]).toMatchObject({ to: 'draft' });
  });
});

describe('the status tab', () => {
  it('lists the steps with actions, statuses, actors and comments, and opens the approval', async () => {
    const { container } = await page.open(`/model/scientific_paper/${PAPER}?tab=status`);
    await waitUntil(() => present('status-timeline'));
    const steps = [...container.querySelectorAll('[data-testid="status-step"]')];
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['draft', 'not_reported', 'reported']);
    expect(steps.map((step) => byTestId(step, 'status-step-action').textContent)).toEqual(['创建', '提交', '上报']);
    expect([...steps[2]!.querySelectorAll('[data-testid="record-status"]')].map((tag) => tag.textContent)).toEqual([
      '未上报',
      '已上报',
    ]);
    expect(byTestId(steps[2]!, 'status-step-comment').textContent).toContain('请上报');
    expect(byTestId(steps[2]!, 'status-step-actor').textContent).toBe('张三');
    // Only the change an approval made links to it.
    expect(steps[1]!.querySelector('[data-testid="status-step-approval"]')).toBeNull();

    await click(byTestId(steps[2]!, 'status-step-approval'));
    await waitUntil(() => page.sent(`/webapi/workflow/instances/${INSTANCE}`).length === 1);
    await waitUntil(() => document.body.textContent?.includes('论文上报审批') ?? false);
    expect(present('status-approval')).toBe(true);
  });

  it('offers a retry when the approval cannot be read', async () => {
    instanceAnswer = notFound;
    const { container } = await page.open(`/model/scientific_paper/${PAPER}?tab=status`);
    await waitUntil(() => present('status-step-approval'));
    await click(byTestId(container, 'status-step-approval'));
    await waitUntil(() => document.querySelector('[data-testid="status-approval"] .ant-result') !== null);
  });
});
