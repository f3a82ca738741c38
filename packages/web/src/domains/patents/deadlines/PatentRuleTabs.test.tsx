// The deadlines and fees tabs of a patent case, rendered in the real App against a real HTTP server
// playing {webapi}: deadlines with their explanations and overdue state, marking one done (its complete
// action) and recomputing (only with the abilities and buttons for them), the fee schedule with its term
// end, recording a payment and abandoning a fee (their actions) — each sending what the API takes.
import { beforeEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { ModelAbilities } from '../../../api/model';
import { forgetMyMenus } from '../../../session/my-menus';
import { sendJson, type ReceivedRequest, type Responder } from '../../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../../testing/page-test';
import { byTestId, click, typeInto } from '../../../testing/render';
import { modelSchema, schemaField } from '../../../testing/schema-fixtures';
import { settle, waitUntil } from '../../../testing/wait';

const PATENT = 'Pat0000000000001';
const TASK_RULE = 'Tsk0000000000001';
const TASK_HAND = 'Tsk0000000000002';
const FEE = 'Fee0000000000001';

let taskAbilities: ModelAbilities;
let patentAbilities: ModelAbilities;
/** The held resources GET menu/do/my answers; undefined: it fails (the tabs then let the server decide). */
let resources: string[] | undefined;
/** What the complete action answers for the deadline: done unless a test says otherwise. */
let completeResult: Record<string, unknown>;

const ALL: ModelAbilities = { create: true, update: true, delete: true, import: true, export: true };
const NONE: ModelAbilities = { create: false, update: false, delete: false, import: false, export: false };

/** A lifecycle action as the schema answers it; allowed when the reader holds its button. */
const lifecycleAction = (name: string, from: string, to: string, allowed: boolean, sets: string[] = []) => ({
  name,
  label: name,
  from: [from],
  to,
  comment: 'optional' as const,
  sets,
  requires: sets,
  confirm: null,
  approval: false,
  allowed,
});

/** The lifecycles of deadlines (complete, reopen) and fees (pay, abandon): with every ability the reader holds their buttons too. */
const lifecycleOf = (name: string, allowed: boolean) => {
  if (name === 'patent_task')
    return {
      field: 'status',
      initial: 'open',
      statuses: [
        { key: 'open', label: '待处理', color: 'blue' as const, final: false },
        { key: 'done', label: '已完成', color: 'green' as const, final: true },
      ],
      actions: [
        lifecycleAction('complete', 'open', 'done', allowed, ['completed_on']),
        lifecycleAction('reopen', 'done', 'open', allowed),
      ],
    };
  if (name === 'fee')
    return {
      field: 'status',
      initial: 'unpaid',
      statuses: [
        { key: 'unpaid', label: '未缴', color: 'orange' as const, final: false },
        { key: 'paid', label: '已缴', color: 'green' as const, final: true },
        { key: 'abandoned', label: '放弃缴纳', color: 'default' as const, final: true },
      ],
      actions: [
        lifecycleAction('pay', 'unpaid', 'paid', allowed, ['paid_date', 'paid_amount', 'payment_reference']),
        {
          ...lifecycleAction('abandon', 'unpaid', 'abandoned', allowed),
          comment: 'required' as const,
          confirm: '放弃后该费用不再提醒，未按期缴纳可能导致专利权终止。',
        },
      ],
    };
  return undefined;
};

const schema = (name: string, abilities: ModelAbilities) => {
  const lifecycle = lifecycleOf(name, abilities === ALL);
  return modelSchema({
    name,
    label: name,
    abilities,
    fields: [
      schemaField('title', '名称', { required: true, max_length: 255, flags: { searchFilter: true, keyword: true } }),
    ],
    ...(lifecycle && { lifecycle }),
  });
};

const deadlines = [
  {
    sid: TASK_RULE,
    version: 4,
    title: '提出实质审查请求',
    due_date: '2020-03-16',
    status: 'open',
    origin: 'rule',
    rule_code: 'CN-EXAM-REQUEST',
    item: null,
    assignee: null,
    completed_on: null,
    explanation: '申请日 2017-03-14 + 36个月 = 2020-03-14（星期六）→ 2020-03-16',
    citation: '专利法第35条',
    base_date: '2017-03-14',
    unadjusted_date: '2020-03-14',
    pack_version: 'CN-2024.1',
  },
  {
    sid: TASK_HAND,
    version: 1,
    title: '内部复核',
    due_date: '2099-01-01',
    status: 'done',
    origin: 'manual',
    rule_code: null,
    item: null,
    assignee: null,
    completed_on: '2026-01-02',
    explanation: null,
    citation: null,
    base_date: null,
    unadjusted_date: null,
    pack_version: null,
  },
];

const feeSchedule = {
  office: 'CN',
  pack_version: 'CN-FEE-2024',
  currency: 'CNY',
  term_end: '2037-03-14',
  lines: [
    {
      key: 'CN-ANNUITY:3',
      fee_code: 'CN-ANNUITY',
      patent_year: 3,
      label: '第3年年费',
      due_date: '2020-03-14',
      window_opens: null,
      grace_ends: '2020-09-14',
      base_amount: 900,
      reduction_rate: 0.85,
      amount: 135,
      currency: 'CNY',
      surcharges: [{ from: '2020-03-15', to: '2020-04-14', amount: 0, rate: 0, kind: 'rate' }],
      source: { ref: 'CNR 114', status: 'verified' },
      record: {
        sid: FEE,
        version: 2,
        title: '第3年年费',
        fee_code: 'CN-ANNUITY',
        patent_year: 3,
        due_date: '2020-03-14',
        amount: '135.00',
        currency: 'CNY',
        status: 'unpaid',
        decision: null,
        paid_date: null,
        paid_amount: null,
        surcharge: null,
        origin: 'rule',
      },
    },
    {
      // Past and never stored (the grant-year annuity, say): the user may make its record.
      key: 'CN-ANNUITY|4',
      fee_code: 'CN-ANNUITY',
      patent_year: 4,
      label: '第4年年费',
      due_date: '2021-03-14',
      window_opens: null,
      grace_ends: '2021-09-14',
      base_amount: 1200,
      reduction_rate: 0,
      amount: 1200,
      currency: 'CNY',
      surcharges: [],
      source: { ref: 'CNR 115', status: 'verified' },
      record: null,
    },
  ],
  other_fees: [],
};

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  switch (path) {
    case '/webapi/model/patent/do/schema':
      return send(schema('patent', patentAbilities));
    case '/webapi/model/patent_task/do/schema':
      return send(schema('patent_task', taskAbilities));
    case '/webapi/model/fee/do/schema':
      return send(schema('fee', taskAbilities));
    case `/webapi/model/patent/${PATENT}`:
      return send({ sid: PATENT, version: 7, company_sid: TEST_COMPANY_SID, title: '一种电池' });
    case `/webapi/patent/${PATENT}/deadlines`:
      return send(deadlines);
    case `/webapi/patent/${PATENT}/fee-schedule`:
      return send(feeSchedule);
    case `/webapi/patent/${PATENT}/recompute`:
      return send({ deadlines_created: 0 });
    case `/webapi/patent/${PATENT}/fee-records`:
      return send({ sid: 'Fee0000000000004', version: 1, status: 'unpaid' });
    case '/webapi/menu/do/my':
      if (!resources) return sendJson(500, { code: 500000, message: 'x', request_id: 'n' })(request, response);
      return send({ menus: [], resources });
    case '/webapi/model/patent_task/do/action/complete': {
      const refused = completeResult.outcome === 'refused' ? 1 : 0;
      return send({ results: [completeResult], done: 1 - refused, started: 0, refused });
    }
    case '/webapi/model/fee/do/update':
      return send({ sid: 'x', version: 9 });
    case '/webapi/model/fee/do/action/pay':
    case '/webapi/model/fee/do/action/abandon':
      return send({
        results: [{ sid: FEE, outcome: 'done', status: 'paid', version: 3 }],
        done: 1,
        started: 0,
        refused: 0,
      });
    default:
      return notFound(request, response);
  }
}

const present = (testId: string): boolean => document.querySelector(`[data-testid="${testId}"]`) !== null;

function bodiesOf(path: string): unknown[] {
  return page.server.received
    .filter((request) => request.url === path)
    .map((request) => JSON.parse(request.body || '{}'));
}

async function openTab(key: string): Promise<HTMLElement> {
  const rendered = await page.open(`/model/patent/${PATENT}`);
  await waitUntil(() => present(`tab-${key}`));
  await click(byTestId(document, `tab-${key}`));
  await settle();
  return rendered.container;
}

const page = pageTest(webapi);
beforeEach(() => {
  taskAbilities = ALL;
  patentAbilities = ALL;
  resources = undefined;
  completeResult = { sid: TASK_RULE, outcome: 'done', status: 'done', version: 5 };
  // Each test's user: the held resources are asked for again.
  forgetMyMenus();
});

describe('deadlines tab', { timeout: 30_000 }, () => {
  it('lists deadlines with their explanation, marks one done and recomputes', async () => {
    await openTab('deadlines');
    await waitUntil(() => present('deadline-row-CN-EXAM-REQUEST'));
    expect(byTestId(document, 'deadline-explanation-CN-EXAM-REQUEST').textContent).toContain('2020-03-16');
    expect(byTestId(document, 'deadline-explanation-CN-EXAM-REQUEST').textContent).toContain('专利法第35条');
    expect(byTestId(document, 'deadline-status-CN-EXAM-REQUEST').textContent).toBe('已逾期');
    expect(byTestId(document, `deadline-status-${TASK_HAND}`).textContent).toBe('已完成');
    expect(present(`deadline-explanation-${TASK_HAND}`)).toBe(false);
    expect(present(`deadline-done-${TASK_HAND}`)).toBe(false);
    expect(present('deadline-add')).toBe(true);

    await click(byTestId(document, 'deadline-done-CN-EXAM-REQUEST'));
    await waitUntil(() => present('deadline-done-submit'));
    await click(byTestId(document, 'deadline-done-submit'));
    await waitUntil(() => bodiesOf('/webapi/model/patent_task/do/action/complete').length === 1);
    expect(bodiesOf('/webapi/model/patent_task/do/action/complete')[0]).toEqual({
      sids: [TASK_RULE],
      versions: { [TASK_RULE]: 4 },
      values: { completed_on: dayjs().format('YYYY-MM-DD') },
    });
    await waitUntil(() => !present('deadline-done-submit'));

    await click(byTestId(document, 'deadlines-recompute'));
    await waitUntil(() => bodiesOf(`/webapi/patent/${PATENT}/recompute`).length === 1);
    const recompute = page.server.received.find((r) => r.url === `/webapi/patent/${PATENT}/recompute`);
    expect(recompute?.method).toBe('POST');
  });

  it("keeps the deadline's refusal in the dialog and reads the deadlines again after a conflict", async () => {
    completeResult = { sid: TASK_RULE, outcome: 'refused', code: 409000, message: '数据已被他人修改，请刷新后重试' };
    await openTab('deadlines');
    await waitUntil(() => present('deadline-done-CN-EXAM-REQUEST'));
    const reads = () => page.server.received.filter((r) => r.url === `/webapi/patent/${PATENT}/deadlines`).length;
    const before = reads();
    await click(byTestId(document, 'deadline-done-CN-EXAM-REQUEST'));
    await waitUntil(() => present('deadline-done-submit'));
    await click(byTestId(document, 'deadline-done-submit'));
    await waitUntil(() => present('deadline-done-error'));
    expect(byTestId(document, 'deadline-done-error').textContent).toContain('数据已被他人修改');
    await waitUntil(() => reads() > before);
  });

  it('offers neither marking done nor recomputing without the abilities', async () => {
    taskAbilities = NONE;
    patentAbilities = NONE;
    await openTab('deadlines');
    await waitUntil(() => present('deadline-row-CN-EXAM-REQUEST'));
    await settle();
    expect(present('deadline-done-CN-EXAM-REQUEST')).toBe(false);
    expect(present('deadlines-recompute')).toBe(false);
    expect(present('deadline-add')).toBe(false);
  });
});

describe('tabs without their resource', { timeout: 30_000 }, () => {
  it('asks nothing about deadlines or fees the user may not see', async () => {
    resources = ['patent'];
    await openTab('deadlines');
    await waitUntil(() => present('deadlines-no-access'));
    await click(byTestId(document, 'tab-fees'));
    await waitUntil(() => present('fees-no-access'));
    const asked = page.server.received.map((r) => r.url);
    expect(asked.some((url) => url.includes('/deadlines') || url.includes('/fee-schedule'))).toBe(false);
    expect(asked.some((url) => url.includes('patent_task/do/schema') || url.includes('fee/do/schema'))).toBe(false);
  });
});

describe('fees tab', { timeout: 30_000 }, () => {
  it('shows the schedule and its term end, and records a payment', async () => {
    await openTab('fees');
    await waitUntil(() => present('fee-row-3'));
    expect(byTestId(document, 'fee-schedule-term-end').textContent).toBe('2037-03-14');
    expect(byTestId(document, 'fee-row-3').textContent).toContain('85%');
    expect(byTestId(document, 'fee-source-3').textContent).toBe('已核实');
    expect(byTestId(document, 'fee-status-3').textContent).toBe('未缴');

    await click(byTestId(document, 'fee-pay-3'));
    await waitUntil(() => present('fee-pay-submit'));
    await click(byTestId(document, 'fee-pay-submit'));
    await waitUntil(() => bodiesOf('/webapi/model/fee/do/action/pay').length === 1);
    expect(bodiesOf('/webapi/model/fee/do/action/pay')[0]).toEqual({
      sids: [FEE],
      versions: { [FEE]: 2 },
      values: { paid_date: dayjs().format('YYYY-MM-DD'), paid_amount: 135, payment_reference: null },
    });
  });

  it('abandons a fee by its action, after its warning and with a reason; maintaining is an update', async () => {
    await openTab('fees');
    await waitUntil(() => present('fee-decide-3'));
    await click(byTestId(document, 'fee-decide-3'));
    await waitUntil(() => present('fee-abandon-3'));
    await click(byTestId(document, 'fee-abandon-3'));
    await waitUntil(() => present('action-confirm'));
    expect(byTestId(document, 'action-confirm').textContent).toContain('未按期缴纳可能导致专利权终止');
    await click(byTestId(document, 'action-dialog-ok'));
    await settle();
    expect(bodiesOf('/webapi/model/fee/do/action/abandon')).toEqual([]); // the reason is required
    await typeInto(byTestId<HTMLTextAreaElement>(document, 'action-comment'), '产品线已停产');
    await click(byTestId(document, 'action-dialog-ok'));
    await waitUntil(() => bodiesOf('/webapi/model/fee/do/action/abandon').length === 1);
    expect(bodiesOf('/webapi/model/fee/do/action/abandon')[0]).toEqual({
      sids: [FEE],
      versions: { [FEE]: 2 },
      comment: '产品线已停产',
    });
    await waitUntil(() => !present('action-confirm'));

    await click(byTestId(document, 'fee-decide-3'));
    await waitUntil(() => present('fee-maintain-3'));
    await click(byTestId(document, 'fee-maintain-3'));
    await waitUntil(() => bodiesOf('/webapi/model/fee/do/update').length === 1);
    expect(bodiesOf('/webapi/model/fee/do/update')[0]).toEqual({
      sid: FEE,
      version: 2,
      data: { decision: 'maintain' },
    });
  });

  it('offers no payment nor decision without the fee update ability and the action buttons', async () => {
    taskAbilities = NONE;
    await openTab('fees');
    await waitUntil(() => present('fee-row-3'));
    await settle();
    expect(present('fee-pay-3')).toBe(false);
    expect(present('fee-decide-3')).toBe(false);
    expect(present('fee-make-record-4')).toBe(false);
  });

  it('makes the record of a line that has none, then reads the schedule again', async () => {
    await openTab('fees');
    await waitUntil(() => present('fee-make-record-4'));
    expect(present('fee-make-record-3')).toBe(false);
    const schedulesBefore = page.server.received.filter((r) =>
      r.url.startsWith(`/webapi/patent/${PATENT}/fee-schedule`),
    ).length;
    await click(byTestId(document, 'fee-make-record-4'));
    await waitUntil(() => bodiesOf(`/webapi/patent/${PATENT}/fee-records`).length === 1);
    expect(bodiesOf(`/webapi/patent/${PATENT}/fee-records`)[0]).toEqual({ key: 'CN-ANNUITY|4' });
    await waitUntil(
      () =>
        page.server.received.filter((r) => r.url.startsWith(`/webapi/patent/${PATENT}/fee-schedule`)).length >
        schedulesBefore,
    );
  });
});
