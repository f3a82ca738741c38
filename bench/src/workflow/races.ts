// Races: two approvals of one task fired at once on two pooled connections, for many tasks. The engine
// locks the instance row first and reads the task again under the lock, so exactly one must win and the
// other must find the task handled (taskAlreadyHandled). Afterwards every instance of the benchmark process
// is checked against the graph: where it waits, one open task per resting token and level, no task,
// to-do, timer or history entry lost or written twice.
import type pg from 'pg';
import { approveTask, type WorkflowDeps } from '../../../packages/server/dist/domains/workflow/engine/index.js';
import { percentile, printTable } from '../table.js';
import { DEFINITION_KEY, NODES } from './definition.js';
import type { Target } from './measure.js';

export interface RaceReport {
  races: number;
  oneWinner: number;
  loserHandled: number;
  bothWon: number;
  bothLost: number;
  otherErrors: Map<string, number>;
  raceMs: number[];
  wallMs: number;
}

const nameOf = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason)).slice(0, 80);

export async function runRaces(
  deps: WorkflowDeps,
  tenantSid: string,
  targets: readonly Target[],
  atOnce: number,
): Promise<RaceReport> {
  const report: RaceReport = {
    races: 0,
    oneWinner: 0,
    loserHandled: 0,
    bothWon: 0,
    bothLost: 0,
    otherErrors: new Map(),
    raceMs: [],
    wallMs: 0,
  };
  const started = performance.now();
  for (let i = 0; i < targets.length; i += atOnce) {
    await Promise.all(
      targets.slice(i, i + atOnce).map(async (t) => {
        const approve = () =>
          approveTask(deps, { tenantSid, userSid: t.assigneeSid }, { taskSid: t.taskSid, comment: '同意' });
        const began = performance.now();
        const outcomes = await Promise.allSettled([approve(), approve()]);
        report.raceMs.push(performance.now() - began);
        report.races += 1;
        const won = outcomes.filter((o) => o.status === 'fulfilled').length;
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        if (won === 2) report.bothWon += 1;
        if (won === 0) report.bothLost += 1;
        if (won === 1) report.oneWinner += 1;
        for (const o of lost) {
          const name = nameOf(o.reason);
          if (won === 1 && name === 'taskAlreadyHandled') report.loserHandled += 1;
          else report.otherErrors.set(name, (report.otherErrors.get(name) ?? 0) + 1);
        }
      }),
    );
  }
  report.wallMs = performance.now() - started;
  report.raceMs.sort((a, b) => a - b);
  return report;
}

export function printRaces(title: string, r: RaceReport): void {
  const other = [...r.otherErrors].map(([name, n]) => `${n}× ${name}`).join('; ') || '0';
  printTable(
    title,
    [
      'races',
      'exactly one won',
      'loser got taskAlreadyHandled',
      'both won',
      'both failed',
      'other errors',
      'race p50 ms',
      'race p95 ms',
      'verdict',
    ],
    [
      [
        r.races,
        r.oneWinner,
        r.loserHandled,
        r.bothWon,
        r.bothLost,
        other,
        percentile(r.raceMs, 50).toFixed(1),
        percentile(r.raceMs, 95).toFixed(1),
        r.oneWinner === r.races && r.loserHandled === r.races ? 'pass' : 'FAIL',
      ],
    ],
  );
}

interface TokenRow {
  instance_sid: string;
  sid: string;
  node_id: string;
  status: string;
}
interface OpenTaskRow {
  instance_sid: string;
  sid: string;
  token_sid: string;
  node_id: string;
  level: number;
  kind: string;
  assignee_sid: string;
  todo_status: string | null;
  todo_assignee: string | null;
  waiting_jobs: number;
}

export interface Check {
  check: string;
  found: number;
  expected: number;
}

export interface Consistency {
  /** Running instances by where they wait (a label per shape of resting tokens and open tasks). */
  waiting: Map<string, number>;
  instances: Map<string, number>;
  openTasks: number;
  openTodos: number;
  checks: Check[];
}

/** Where a running instance waits, from its resting tokens and their open tasks; null: not a shape the graph allows. */
function shapeOf(tokens: readonly TokenRow[], open: readonly OpenTaskRow[]): string | null {
  const openOf = (token: TokenRow) => open.filter((t) => t.token_sid === token.sid);
  const label = tokens
    .map((t) => `${t.node_id}:${t.status}`)
    .sort()
    .join(' + ');
  const oneTaskEach = tokens.filter((t) => t.status === 'active').every((t) => openOf(t).length === 1);
  if (!oneTaskEach || open.length !== tokens.filter((t) => t.status === 'active').length) return null;
  switch (label) {
    case `${NODES.submit}:active`:
      return open[0]?.level === 0 ? 'submit (the starter)' : null;
    case `${NODES.leaders}:active`:
      return open[0]?.level === 1 || open[0]?.level === 2 ? `leaders, level ${open[0].level}` : null;
    case `${NODES.ipReview}:active + ${NODES.techReview}:active`:
      return 'countersign: both reviews open';
    case `${NODES.ipReview}:active + ${NODES.join}:waiting`:
      return 'countersign: IP review left (technical review at the join)';
    case `${NODES.join}:waiting + ${NODES.techReview}:active`:
      return 'countersign: technical review left (IP review at the join)';
    default:
      return null;
  }
}

/** Checks every instance of the benchmark process; `raced` tasks must each be approved exactly once. */
export async function checkConsistency(
  client: pg.Client,
  tenantSid: string,
  raced: readonly string[],
): Promise<Consistency> {
  const params = [tenantSid, DEFINITION_KEY];
  const { rows: instances } = await client.query<{ sid: string; status: string }>(
    'SELECT sid, status FROM workflow_instance WHERE tenant_sid = $1 AND definition_key = $2',
    params,
  );
  const { rows: tokens } = await client.query<TokenRow>(
    `SELECT k.instance_sid, k.sid, k.node_id, k.status FROM workflow_token k
       JOIN workflow_instance i ON i.sid = k.instance_sid
      WHERE i.tenant_sid = $1 AND i.definition_key = $2 AND k.status IN ('active', 'waiting')`,
    params,
  );
  const { rows: open } = await client.query<OpenTaskRow>(
    `SELECT t.instance_sid, t.sid, t.token_sid, t.node_id, t.level, t.kind, t.assignee_sid,
            d.status AS todo_status, d.assignee_sid AS todo_assignee,
            (SELECT count(*)::int FROM workflow_job j WHERE j.task_sid = t.sid AND j.status = 'waiting') AS waiting_jobs
       FROM workflow_task t JOIN workflow_instance i ON i.sid = t.instance_sid
       LEFT JOIN todo d ON d.sid = t.todo_sid
      WHERE i.tenant_sid = $1 AND i.definition_key = $2 AND t.status IN ('open', 'pending')`,
    params,
  );
  const group = <T extends { instance_sid: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.instance_sid, [...(map.get(row.instance_sid) ?? []), row]);
    return map;
  };
  const tokensOf = group(tokens);
  const openOf = group(open);
  const waiting = new Map<string, number>();
  const byStatus = new Map<string, number>();
  let unexpected = 0;
  let finishedResting = 0;
  for (const instance of instances) {
    byStatus.set(instance.status, (byStatus.get(instance.status) ?? 0) + 1);
    const resting = tokensOf.get(instance.sid) ?? [];
    const tasks = openOf.get(instance.sid) ?? [];
    if (instance.status !== 'running') {
      if (resting.length > 0 || tasks.length > 0) finishedResting += 1;
      continue;
    }
    const shape = shapeOf(resting, tasks);
    if (!shape) unexpected += 1;
    const key =
      shape ?? `UNEXPECTED ${resting.map((t) => `${t.node_id}:${t.status}`).join(' + ')} / ${tasks.length} open`;
    waiting.set(key, (waiting.get(key) ?? 0) + 1);
  }
  const single = async (sql: string, extra: unknown[] = []) =>
    (await client.query<{ n: number }>(sql, [...params, ...extra])).rows[0]?.n ?? 0;
  const benchTasks = `workflow_task t JOIN workflow_instance i ON i.sid = t.instance_sid
      WHERE i.tenant_sid = $1 AND i.definition_key = $2`;
  const duplicated = await single(
    `SELECT count(*)::int AS n FROM (SELECT t.token_sid, t.level FROM ${benchTasks}
        AND t.kind = 'approve' AND t.status <> 'cancelled' GROUP BY t.token_sid, t.level HAVING count(*) > 1) AS x`,
  );
  const approvedInstances = instances.filter((i) => i.status === 'approved').length;
  const completeApproved = await single(
    `SELECT count(*)::int AS n FROM (SELECT i.sid FROM workflow_instance i JOIN workflow_task t ON t.instance_sid = i.sid
        WHERE i.tenant_sid = $1 AND i.definition_key = $2 AND i.status = 'approved'
        GROUP BY i.sid
       HAVING count(*) FILTER (WHERE t.kind = 'approve' AND t.status = 'done' AND t.outcome = 'approved') = 5
          AND count(*) FILTER (WHERE t.kind = 'submit' AND t.status = 'done') = 1
          AND count(*) FILTER (WHERE t.status NOT IN ('done')) = 0) AS x`,
  );
  const finishedTodoOpen = await single(
    `SELECT count(*)::int AS n FROM ${benchTasks.replace('WHERE', 'JOIN todo d ON d.sid = t.todo_sid WHERE')}
        AND t.status IN ('done', 'cancelled') AND d.status <> CASE t.status WHEN 'done' THEN 'done' ELSE 'cancelled' END`,
  );
  const openTodos = await single(
    `SELECT count(*)::int AS n FROM todo d
      WHERE d.tenant_sid = $1 AND d.source = 'workflow' AND d.status = 'open' AND $2::text IS NOT NULL`,
  );
  const orphanTodos = await single(
    `SELECT count(*)::int AS n FROM todo d
      WHERE d.tenant_sid = $1 AND d.source = 'workflow' AND d.status = 'open' AND $2::text IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM workflow_task t WHERE t.todo_sid = d.sid AND t.status IN ('open', 'pending'))`,
  );
  const approvalsDone = await single(
    `SELECT count(*)::int AS n FROM ${benchTasks} AND t.kind = 'approve' AND t.status = 'done' AND t.outcome = 'approved'`,
  );
  const approveHistory = await single(
    `SELECT count(*)::int AS n FROM workflow_history h JOIN workflow_instance i ON i.sid = h.instance_sid
      WHERE i.tenant_sid = $1 AND i.definition_key = $2 AND h.action = 'approve'`,
  );
  const historyTwice = await single(
    `SELECT count(*)::int AS n FROM (SELECT h.task_sid FROM workflow_history h JOIN workflow_instance i ON i.sid = h.instance_sid
        WHERE i.tenant_sid = $1 AND i.definition_key = $2 AND h.action = 'approve' GROUP BY h.task_sid HAVING count(*) > 1) AS x`,
  );
  const staleJobs = await single(
    `SELECT count(*)::int AS n FROM workflow_job j JOIN workflow_task t ON t.sid = j.task_sid
       JOIN workflow_instance i ON i.sid = j.instance_sid
      WHERE i.tenant_sid = $1 AND i.definition_key = $2 AND j.status = 'waiting' AND t.status NOT IN ('open', 'pending')`,
  );
  const racedOnce = await single(
    `SELECT count(*)::int AS n FROM workflow_task t
      WHERE t.sid = ANY($3::text[]) AND t.status = 'done' AND t.outcome = 'approved' AND t.finished_by = t.assignee_sid
        AND $1::text IS NOT NULL AND $2::text IS NOT NULL
        AND (SELECT count(*) FROM workflow_history h WHERE h.instance_sid = t.instance_sid AND h.task_sid = t.sid
               AND h.action = 'approve') = 1`,
    [raced],
  );
  const todoOutOfStep = open.filter((t) => t.todo_status !== 'open' || t.todo_assignee !== t.assignee_sid).length;
  const timerTasks = open.filter((t) => t.node_id !== NODES.submit);
  const timersWrong = timerTasks.filter((t) => t.waiting_jobs !== 2).length;
  return {
    waiting,
    instances: byStatus,
    openTasks: open.length,
    openTodos,
    checks: [
      {
        check: 'running instances whose resting tokens and open tasks fit no step of the graph',
        found: unexpected,
        expected: 0,
      },
      { check: 'finished instances with a resting token or an open task', found: finishedResting, expected: 0 },
      {
        check: 'approved instances with exactly 5 approvals + the submission, nothing open',
        found: completeApproved,
        expected: approvedInstances,
      },
      {
        check: 'steps (token, level) with more than one live approval task (duplicates)',
        found: duplicated,
        expected: 0,
      },
      { check: "open tasks whose to-do is not open or not the assignee's", found: todoOutOfStep, expected: 0 },
      { check: 'finished or cancelled tasks whose to-do was not closed alike', found: finishedTodoOpen, expected: 0 },
      { check: 'open workflow to-dos of the tenant', found: openTodos, expected: open.length },
      { check: 'open workflow to-dos without an open task', found: orphanTodos, expected: 0 },
      { check: '"approve" history entries = approved approval tasks', found: approveHistory, expected: approvalsDone },
      { check: 'tasks with more than one "approve" history entry', found: historyTwice, expected: 0 },
      {
        check: 'open approval tasks with timers whose due + remind jobs are not both waiting',
        found: timersWrong,
        expected: 0,
      },
      { check: 'waiting timers of tasks no longer open', found: staleJobs, expected: 0 },
      {
        check: 'raced tasks approved by their assignee with exactly one history entry',
        found: racedOnce,
        expected: raced.length,
      },
    ],
  };
}

export function printConsistency(c: Consistency): void {
  printTable(
    'Instances of the benchmark process by status',
    ['status', 'instances'],
    [...c.instances].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => [status, n.toLocaleString('en')]),
  );
  printTable(
    `Running instances by where they wait (open tasks: ${c.openTasks.toLocaleString('en')}; open workflow to-dos: ${c.openTodos.toLocaleString('en')})`,
    ['waiting at', 'instances', 'open tasks each'],
    [...c.waiting]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([shape, n]) => [
        shape,
        n.toLocaleString('en'),
        shape.startsWith('countersign: both') ? 2 : shape.startsWith('UNEXPECTED') ? '?' : 1,
      ]),
  );
  const checks = c.checks;
  printTable(
    'Consistency of every instance of the benchmark process after the races',
    ['check', 'found', 'expected', 'ok'],
    checks.map((k) => [
      k.check,
      k.found.toLocaleString('en'),
      k.expected.toLocaleString('en'),
      k.found === k.expected ? 'yes' : 'NO',
    ]),
  );
}
