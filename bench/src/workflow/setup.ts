// The benchmark's tenant data, made once and kept between runs (recorded in bench_workflow_state): 200
// users with a person record each in a department tree whose departments have leaders, the process
// definition published from its XML, 10,000 patents (the patent-rules portfolio SQL) each with an IP
// manager and a technical reviewer, and open instances started and moved on through the real engine.
import type { Queryable } from '@ipdesk/server';
import type pg from 'pg';
import { newSid } from '@ipdesk/core';
import { insertUserAccount } from '../../../packages/server/dist/modules/accounts/provision.js';
import { hashPassword } from '../../../packages/server/dist/modules/accounts/password-hash.js';
import {
  approveTask,
  startProcess,
  type CommandResult,
  type WorkflowDeps,
} from '../../../packages/server/dist/domains/workflow/engine/index.js';
import { INSERT_PATENTS } from '../patent-rules/portfolio.js';
import { seededRandom } from '../random.js';
import { benchGraph, DEFINITION_KEY, DEFINITION_XML, NODES, TECH_REVIEWER_FIELD } from './definition.js';

export const USER_PREFIX = 'bench_wf_';
export const PASSWORD = 'Workflow#2026a';
const USERS = 200;
const DIVISIONS = 9;
const TEAMS_PER_DIVISION = 2;
const IP_ENGINEERS = 12;

export interface Org {
  adminSid: string;
  /** Every user's sid by account. */
  users: string[];
  /** Team members: the starters and technical reviewers. */
  members: string[];
  ipEngineers: string[];
  /** Member sid → the sid of the division they belong to. */
  divisionOf: Record<string, string>;
  departments: number;
  leaders: number;
}

const STATE_TABLE = `CREATE TABLE IF NOT EXISTS bench_workflow_state (
  step text PRIMARY KEY,
  done_at timestamptz NOT NULL DEFAULT now(),
  report jsonb NOT NULL
)`;

async function readStep<T>(client: pg.Client, step: string): Promise<T | undefined> {
  await client.query(STATE_TABLE);
  const { rows } = await client.query<{ report: T }>('SELECT report FROM bench_workflow_state WHERE step = $1', [step]);
  return rows[0]?.report;
}

async function recordStep(client: pg.Client, step: string, report: object): Promise<void> {
  await client.query(STATE_TABLE);
  await client.query(
    `INSERT INTO bench_workflow_state (step, report) VALUES ($1, $2)
     ON CONFLICT (step) DO UPDATE SET report = EXCLUDED.report, done_at = now()`,
    [step, JSON.stringify(report)],
  );
}

/**
 * 200 users: a centre head, an IP department (head + 12 IP engineers), 9 divisions of 2 teams (a leader
 * each) and 159 team members. Each has a person record in their department, so level-by-level approval
 * of a member walks team leader → division leader.
 */
export async function ensureOrg(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  client: pg.Client,
  tenantSid: string,
): Promise<Org> {
  const known = await readStep<Org>(client, 'org');
  if (known) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_account WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
      [tenantSid, known.users],
    );
    if (rows[0]?.n === known.users.length) return known;
  }
  const hash = await hashPassword(PASSWORD);
  const org = await db.transaction(async (tx) => {
    const now = new Date();
    const users: string[] = [];
    const user = async (name: string, admin = false) => {
      const account = `${USER_PREFIX}${String(users.length).padStart(3, '0')}`;
      const { sid } = await insertUserAccount(
        tx,
        { tenantSid, account, password: PASSWORD, name, isTenantAdmin: admin, companies: [tenantSid] },
        hash,
      );
      users.push(sid);
      return sid;
    };
    let departments = 0;
    const department = async (name: string, parent: { sid: string; path: string } | null, leader: string) => {
      const sid = newSid();
      const path = `${parent?.path ?? '/'}${sid}/`;
      await tx.query(
        `INSERT INTO department (sid, tenant_sid, company_sid, parent_sid, path, name, leader_sid)
         VALUES ($1, $2, $2, $3, $4, $5, $6)`,
        [sid, tenantSid, parent?.sid ?? null, path, name, leader],
      );
      departments += 1;
      return { sid, path };
    };
    const person = (userSid: string, departmentSid: string, name: string) =>
      tx.query(
        `INSERT INTO m_person (sid, tenant_sid, company_sid, created_at, updated_at, name, status, department, account_user)
         VALUES ($1, $2, $2, $3, $3, $4, 'active', $5, $6)`,
        [newSid(), tenantSid, now, name, departmentSid, userSid],
      );

    const adminSid = await user('基准管理员', true);
    const head = await user('研发中心主任');
    const centre = await department('基准研发中心', null, head);
    await person(head, centre.sid, '研发中心主任');
    const ipHead = await user('知识产权部部长');
    const ipDept = await department('基准知识产权部', centre, ipHead);
    await person(ipHead, ipDept.sid, '知识产权部部长');
    const ipEngineers: string[] = [];
    for (let i = 1; i <= IP_ENGINEERS; i++) {
      const sid = await user(`知识产权专员${i}`);
      await person(sid, ipDept.sid, `知识产权专员${i}`);
      ipEngineers.push(sid);
    }
    const teams: Array<{ sid: string; division: string }> = [];
    let leaders = 2;
    for (let d = 1; d <= DIVISIONS; d++) {
      const divisionLeader = await user(`事业部${d}负责人`);
      const division = await department(`基准事业部${d}`, centre, divisionLeader);
      await person(divisionLeader, division.sid, `事业部${d}负责人`);
      leaders += 1;
      for (let t = 1; t <= TEAMS_PER_DIVISION; t++) {
        const teamLeader = await user(`事业部${d}课题组${t}组长`);
        const team = await department(`课题组${d}-${t}`, division, teamLeader);
        await person(teamLeader, team.sid, `事业部${d}课题组${t}组长`);
        teams.push({ sid: team.sid, division: division.sid });
        leaders += 1;
      }
    }
    const members: string[] = [];
    const divisionOf: Record<string, string> = {};
    for (let i = 0; users.length < USERS; i++) {
      const team = teams[i % teams.length]!;
      const sid = await user(`研发人员${i + 1}`);
      await person(sid, team.sid, `研发人员${i + 1}`);
      members.push(sid);
      divisionOf[sid] = team.division;
    }
    return { adminSid, users, members, ipEngineers, divisionOf, departments, leaders } satisfies Org;
  });
  await recordStep(client, 'org', org);
  return org;
}

/** The published version of the benchmark process (a new version when its XML changed). */
export async function ensureDefinition(client: pg.Client, tenantSid: string, adminSid: string): Promise<string> {
  const { rows } = await client.query<{ sid: string; xml: string; version: number }>(
    "SELECT sid, xml, version FROM workflow_definition WHERE tenant_sid = $1 AND key = $2 AND status = 'published'",
    [tenantSid, DEFINITION_KEY],
  );
  if (rows[0]?.xml === DEFINITION_XML) return rows[0].sid;
  const graph = await benchGraph();
  const { rows: latest } = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM workflow_definition WHERE tenant_sid = $1 AND key = $2',
    [tenantSid, DEFINITION_KEY],
  );
  await client.query(
    "UPDATE workflow_definition SET status = 'retired' WHERE tenant_sid = $1 AND key = $2 AND status = 'published'",
    [tenantSid, DEFINITION_KEY],
  );
  const sid = newSid();
  await client.query(
    `INSERT INTO workflow_definition (sid, tenant_sid, key, version, name, model, status, xml, graph, created_by,
       published_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'published', $7, $8, $9, now())`,
    [
      sid,
      tenantSid,
      DEFINITION_KEY,
      (latest[0]?.version ?? 0) + 1,
      graph.settings.name,
      graph.settings.model,
      DEFINITION_XML,
      JSON.stringify(graph),
      adminSid,
    ],
  );
  return sid;
}

export interface PatentLoad {
  patents: number;
  seconds: number;
  skipped: boolean;
}

/**
 * `rows` patents of the benchmark (created by its administrator), each with an IP manager (one of the
 * IP engineers) and a technical reviewer (a member of another division than its starter's) in a custom field.
 */
export async function ensurePatents(
  client: pg.Client,
  tenantSid: string,
  org: Org,
  rows: number,
  today: string,
): Promise<PatentLoad> {
  const count = async () =>
    (
      await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM m_patent WHERE tenant_sid = $1 AND created_by = $2 AND ip_manager IS NOT NULL',
        [tenantSid, org.adminSid],
      )
    ).rows[0]?.n ?? 0;
  if ((await count()) === rows) return { patents: rows, seconds: 0, skipped: true };
  const started = performance.now();
  await client.query('BEGIN');
  try {
    // A new load starts without processes: the old ones' instances (tasks, tokens, history and timers go
    // with them) and their to-dos are removed.
    const { rows: todos } = await client.query<{ sid: string }>(
      `SELECT t.todo_sid AS sid FROM workflow_task t JOIN workflow_instance i ON i.sid = t.instance_sid
        WHERE i.tenant_sid = $1 AND i.definition_key = $2 AND t.todo_sid IS NOT NULL`,
      [tenantSid, DEFINITION_KEY],
    );
    await client.query('DELETE FROM workflow_instance WHERE tenant_sid = $1 AND definition_key = $2', [
      tenantSid,
      DEFINITION_KEY,
    ]);
    await client.query('DELETE FROM todo WHERE sid = ANY($1::text[])', [todos.map((r) => r.sid)]);
    await client.query('DELETE FROM m_patent WHERE tenant_sid = $1 AND created_by = $2', [tenantSid, org.adminSid]);
    await client.query(INSERT_PATENTS, [tenantSid, tenantSid, org.adminSid, rows, today]);
    const { rows: sids } = await client.query<{ sid: string }>(
      'SELECT sid FROM m_patent WHERE tenant_sid = $1 AND created_by = $2 ORDER BY sid',
      [tenantSid, org.adminSid],
    );
    const random = seededRandom(20261121);
    const ip: string[] = [];
    const tech: string[] = [];
    for (const _ of sids) {
      ip.push(random.pick(org.ipEngineers));
      tech.push(random.pick(org.members));
    }
    await client.query(
      `UPDATE m_patent p SET ip_manager = u.ip, custom = jsonb_build_object($2::text, u.tech)
         FROM unnest($1::text[], $3::text[], $4::text[]) AS u(sid, ip, tech)
        WHERE p.sid = u.sid`,
      [sids.map((r) => r.sid), TECH_REVIEWER_FIELD, ip, tech],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  await client.query('VACUUM (ANALYZE) m_patent');
  return { patents: await count(), seconds: (performance.now() - started) / 1000, skipped: false };
}

/** Runs `work` over the items with `concurrency` at once; answers the items' results in order. */
export async function inParallel<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
    }),
  );
  return results;
}

/** How far a new instance is moved on: 0 submit open … 3 both reviews open, 4 one review left. */
const STAGES = 5;

export interface TopUp {
  started: number;
  approvals: number;
  seconds: number;
}

/**
 * Starts instances on the benchmark's patents that have no open one until `target` are open, each by a
 * member (not its technical reviewer) and moved on a random number of steps (0–4) by their approvers,
 * so the open tasks sit at every step and on every kind of user. All through the engine's commands.
 */
export async function topUpInstances(
  deps: WorkflowDeps,
  client: pg.Client,
  tenantSid: string,
  org: Org,
  target: number,
  concurrency: number,
  seed: number,
): Promise<TopUp> {
  const started = performance.now();
  const { rows: open } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM workflow_instance
      WHERE tenant_sid = $1 AND definition_key = $2 AND status IN ('draft', 'running', 'withdrawn')`,
    [tenantSid, DEFINITION_KEY],
  );
  const missing = target - (open[0]?.n ?? 0);
  if (missing <= 0) return { started: 0, approvals: 0, seconds: 0 };
  const { rows: free } = await client.query<{ sid: string; tech: string }>(
    `SELECT p.sid, p.custom->>$3 AS tech FROM m_patent p
      WHERE p.tenant_sid = $1 AND p.created_by = $2
        AND NOT EXISTS (SELECT 1 FROM workflow_instance i WHERE i.tenant_sid = $1 AND i.model = 'patent'
                          AND i.record_sid = p.sid AND i.status IN ('draft', 'running', 'withdrawn'))
      ORDER BY p.sid LIMIT $4`,
    [tenantSid, org.adminSid, TECH_REVIEWER_FIELD, missing],
  );
  if (free.length < missing)
    throw new Error(`Only ${free.length} patents without an open process; ${missing} more instances needed`);
  const random = seededRandom(seed);
  const plans = free.map((p) => {
    let starter = random.pick(org.members);
    while (org.divisionOf[starter] === org.divisionOf[p.tech]) starter = random.pick(org.members);
    return { recordSid: p.sid, starter, stage: random.int(0, STAGES - 1) };
  });
  const approvals = await inParallel(plans, concurrency, async (plan) => {
    let result: CommandResult = await startProcess(
      deps,
      { tenantSid, userSid: plan.starter },
      {
        definitionKey: DEFINITION_KEY,
        recordSid: plan.recordSid,
        comment: '提交审批',
      },
    );
    for (let step = 0; step < plan.stage; step++) {
      const task = result.openTasks.find((t) => t.nodeId !== NODES.techReview) ?? result.openTasks[0];
      if (!task) throw new Error(`Instance ${result.instanceSid} has no open task at stage ${step}`);
      result = await approveTask(
        deps,
        { tenantSid, userSid: task.assigneeSid },
        { taskSid: task.sid, comment: '同意' },
      );
    }
    return plan.stage;
  });
  return {
    started: plans.length,
    approvals: approvals.reduce((a, b) => a + b, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

export const APPROVER_ROLE = 'bench_wf_approver';

/**
 * The HTTP actions reach a task through its record: the approver must be able to see the patent (the
 * model's view resource and a data scope that holds it). Every benchmark user gets a role with the
 * patent view resource over their company, as an IP department grants its reviewers.
 */
export async function ensureApproverRole(client: pg.Client, tenantSid: string, org: Org): Promise<void> {
  const { rows } = await client.query<{ sid: string }>('SELECT sid FROM role WHERE tenant_sid = $1 AND code = $2', [
    tenantSid,
    APPROVER_ROLE,
  ]);
  let roleSid = rows[0]?.sid;
  if (!roleSid) {
    roleSid = newSid();
    await client.query(
      `INSERT INTO role (sid, tenant_sid, code, name, description, platform, data_scope, pick_range)
       VALUES ($1, $2, $3, '基准审批人', '基准测试：审批人查看本公司专利', 1, 'company', 'company')`,
      [roleSid, tenantSid, APPROVER_ROLE],
    );
    await client.query("INSERT INTO role_resource (role_sid, resource_code) VALUES ($1, 'patent')", [roleSid]);
  }
  await client.query(
    `INSERT INTO user_role (user_sid, role_sid) SELECT u, $2 FROM unnest($1::text[]) AS u
     ON CONFLICT DO NOTHING`,
    [org.users, roleSid],
  );
}
