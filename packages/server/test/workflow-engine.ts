// Helpers for workflow engine tests: a migrated database with the model tables, one tenant with users,
// departments, people and records made by SQL (fast, no HTTP), definitions published straight from a
// graph written in TypeScript (no XML), the engine's dependencies on a movable clock, and the
// notifications its commands queue.
import {
  AppError,
  newSid,
  type ApproverRule,
  type ErrorName,
  type ProcessGraph,
  type ProcessNode,
  type UserTaskNode,
} from '@ipdesk/core';
import type { Database } from '../src/db/database.js';
import { createTenant } from '../src/modules/tenants/create-tenant.js';
import { insertUserAccount } from '../src/modules/accounts/provision.js';
import { syncModelTables } from '../src/platform/models/ddl.js';
import { createModelRegistry, type ModelRegistry } from '../src/platform/models/registry.js';
import { createWorkflowDeps, type WorkflowDeps } from '../src/domains/workflow/engine/index.js';
import type { Acting } from '../src/platform/context.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export const byUsers = (...values: string[]): ApproverRule[] => [{ kind: 'user', values }];

type TaskOptions = Partial<Omit<UserTaskNode, 'id' | 'kind' | 'incoming' | 'outgoing'>>;

/** Builds a ProcessGraph: nodes first, then flows; incoming and outgoing are filled by build(). */
export class GraphBuilder {
  private readonly nodes: Record<string, ProcessNode> = {};
  private readonly flows: ProcessGraph['flows'] = {};
  private settings: ProcessGraph['settings'];

  constructor(key = `p${newSid().slice(0, 8)}`, model = 'patent') {
    this.settings = {
      key,
      name: `流程 ${key}`,
      serialNumber: null,
      identityKey: null,
      scope: null,
      model,
      form: null,
      restartMode: 1,
      processCategory: null,
      invoiceStatus: null,
      approveUsers: [],
      approveRoles: [],
      approveUserField: null,
    };
    this.add({ kind: 'start', id: 'start', name: '开始' });
  }

  private add(node: Pick<ProcessNode, 'kind' | 'id' | 'name'> & Record<string, unknown>): this {
    this.nodes[node.id] = { incoming: [], outgoing: [], listeners: [], ...node } as ProcessNode;
    return this;
  }

  with(settings: Partial<ProcessGraph['settings']>): this {
    this.settings = { ...this.settings, ...settings };
    return this;
  }

  end(id = 'end'): this {
    return this.add({ kind: 'end', id, name: '结束' });
  }

  task(id: string, options: TaskOptions = {}): this {
    return this.add({
      approvers: [],
      cc: [],
      voteMode: 1,
      levelApprove: 0,
      repeatedMode: 'none',
      emptyApprovers: 'error',
      freeJump: false,
      addSign: false,
      dueHours: null,
      remindHours: null,
      fields: [],
      variable: null,
      ...options,
      kind: 'userTask',
      id,
      name: options.name ?? id,
    });
  }

  exclusive(id: string): this {
    return this.add({ kind: 'exclusive', id, name: id, defaultFlow: null });
  }

  parallel(id: string): this {
    return this.add({ kind: 'parallel', id, name: id });
  }

  flow(from: string, to: string, condition: string | null = null, options: { default?: boolean } = {}): this {
    const id = `f${Object.keys(this.flows).length + 1}_${from}_${to}`;
    this.flows[id] = { id, name: '', source: from, target: to, condition };
    const gateway = this.nodes[from];
    if (options.default && gateway?.kind === 'exclusive') gateway.defaultFlow = id;
    return this;
  }

  /** Unconditional flows between each pair of consecutive ids. */
  chain(...ids: string[]): this {
    for (let i = 1; i < ids.length; i++) this.flow(ids[i - 1]!, ids[i]!);
    return this;
  }

  build(): ProcessGraph {
    const nodes = structuredClone(this.nodes);
    for (const flow of Object.values(this.flows)) {
      nodes[flow.source]!.outgoing.push(flow.id);
      nodes[flow.target]!.incoming.push(flow.id);
    }
    return { settings: { ...this.settings }, nodes, flows: structuredClone(this.flows), start: 'start' };
  }
}

/** start → one user task per entry → end. */
export function linearGraph(
  tasks: Array<[string, TaskOptions]>,
  settings: Partial<ProcessGraph['settings']> = {},
): ProcessGraph {
  const builder = new GraphBuilder().with(settings);
  for (const [id, options] of tasks) builder.task(id, options);
  return builder
    .end()
    .chain('start', ...tasks.map(([id]) => id), 'end')
    .build();
}

export interface TaskSnapshot {
  sid: string;
  nodeId: string;
  assignee: string;
  owner: string;
  kind: string;
  level: number;
  status: string;
  outcome: string | null;
  todoStatus: string | null;
  todoAssignee: string | null;
}

/** A notification queued about an instance's record, as its recipient has it. */
export interface QueuedNotice {
  event: string;
  recipient: string;
  actor: string | null;
  params: Record<string, unknown>;
}

export interface WorkflowFixture {
  test: TestDatabase;
  db: Database;
  registry: ModelRegistry;
  deps: WorkflowDeps;
  clock: { now: Date; advanceMinutes(minutes: number): void };
  tenantSid: string;
  /** The notifications queued about this instance's record: by time, then event and recipient. */
  notices(instanceSid: string): Promise<QueuedNotice[]>;
  /** Lets these users read every patent of the tenant (a notice is only for people who may read its record). */
  readers(userSids: string[]): Promise<void>;
  /** This user of the fixture's tenant, acting (what the engine's commands take). */
  as(userSid: string): Acting;
  user(options?: { admin?: boolean; active?: boolean; name?: string; company?: string }): Promise<string>;
  users(count: number): Promise<string[]>;
  department(options?: { parent?: string | null; leader?: string | null }): Promise<string>;
  /** A person record with this account in this department. */
  person(userSid: string, departmentSid: string | null): Promise<string>;
  role(code: string, userSids: string[]): Promise<string>;
  /** A patent record; `custom` holds the fields conditions and user fields read. */
  record(custom?: Record<string, unknown>): Promise<string>;
  /** Publishes the graph as the next version of its key; answers the definition sid. */
  publish(graph: ProcessGraph): Promise<string>;
  /** The instance's tasks in creation order. */
  tasks(instanceSid: string): Promise<TaskSnapshot[]>;
  /** The open (and pending) tasks, optionally at one step. */
  open(instanceSid: string, nodeId?: string): Promise<TaskSnapshot[]>;
  status(instanceSid: string): Promise<string>;
  /** The history's actions in order, as "action" or "action@node". */
  history(instanceSid: string): Promise<string[]>;
  close(): Promise<void>;
}

/** The promise fails with the catalogue's error of this name. */
export async function rejectsWith(promise: Promise<unknown>, name: ErrorName): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError && error.message === name) return error;
    throw new Error(
      `expected ${name}, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    );
  }
  throw new Error(`expected ${name}, but it succeeded`);
}

async function snapshots(db: Database, instanceSid: string, where: string): Promise<TaskSnapshot[]> {
  return db.query<TaskSnapshot>(
    `SELECT t.sid, t.node_id AS "nodeId", t.assignee_sid AS assignee, t.owner_sid AS owner, t.kind, t.level, t.status,
            t.outcome, d.status AS "todoStatus", d.assignee_sid AS "todoAssignee"
       FROM workflow_task t LEFT JOIN todo d ON d.sid = t.todo_sid
      WHERE t.instance_sid = $1 ${where}
      ORDER BY t.seq`,
    [instanceSid],
  );
}

/** A fixture with its own tenant; on `existing` (another fixture's database) when given. */
export async function createWorkflowFixture(existing?: TestDatabase): Promise<WorkflowFixture> {
  const test = existing ?? (await openTestDatabase());
  const db = test.db;
  const registry = createModelRegistry();
  await syncModelTables(db, registry);
  const clock = {
    now: new Date('2026-11-21T08:00:00Z'),
    advanceMinutes(minutes: number) {
      this.now = new Date(this.now.getTime() + minutes * 60_000);
    },
  };
  const deps = createWorkflowDeps({ db, registry, now: () => clock.now });
  // Made by the product's tenant command (with its default roles and first administrator), as every tenant is.
  const code = `t${newSid().toLowerCase().slice(0, 8)}`;
  const { sid: tenantSid } = await createTenant(
    db,
    {
      code,
      nameZh: `测试院 ${code}`,
      nameEn: `Test Institute ${code}`,
      companyName: '测试院',
      admin: { account: `adm${newSid().toLowerCase()}` },
    },
    { at: clock.now },
  );
  let n = 0;
  const user: WorkflowFixture['user'] = async (options = {}) => {
    n += 1;
    const { sid } = await db.transaction((tx) =>
      insertUserAccount(
        tx,
        {
          tenantSid,
          account: `wf${newSid().toLowerCase().slice(0, 10)}`,
          password: 'unused',
          name: options.name ?? `用户${n}`,
          isTenantAdmin: options.admin ?? false,
          status: options.active === false ? 0 : 1,
          companies: [options.company ?? tenantSid],
        },
        'not-a-hash',
      ),
    );
    return sid;
  };
  return {
    test,
    db,
    registry,
    deps,
    clock,
    tenantSid,
    notices: (instanceSid) =>
      db.query<QueuedNotice>(
        `SELECT n.event, n.recipient_sid AS recipient, e.actor_sid AS actor, e.params
           FROM notification n JOIN notification_event e ON e.sid = n.event_sid
           JOIN workflow_instance i ON i.model = e.model AND i.record_sid = e.record_sid
          WHERE i.sid = $1 AND e.tenant_sid = $2
          ORDER BY e.created_at, n.event, n.recipient_sid`,
        [instanceSid, tenantSid],
      ),
    readers: async (userSids) => {
      const sid = newSid();
      await db.query(
        `INSERT INTO role (sid, tenant_sid, code, name, platform, data_scope) VALUES ($1, $2, $3, $4, 1, 'all')`,
        [sid, tenantSid, `readers${sid.toLowerCase()}`, `读者 ${sid}`],
      );
      await db.query("INSERT INTO role_resource (role_sid, resource_code) VALUES ($1, 'patent')", [sid]);
      for (const u of userSids) await db.query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2)', [u, sid]);
    },
    as: (userSid) => ({ tenantSid, userSid }),
    user,
    users: async (count) => {
      const sids: string[] = [];
      for (let i = 0; i < count; i++) sids.push(await user());
      return sids;
    },
    department: async (options = {}) => {
      const sid = newSid();
      const parentPath = options.parent
        ? (await db.query<{ path: string }>('SELECT path FROM department WHERE sid = $1', [options.parent]))[0]!.path
        : '/';
      await db.query(
        `INSERT INTO department (sid, tenant_sid, company_sid, parent_sid, path, name, leader_sid)
         VALUES ($1, $2, $2, $3, $4, $5, $6)`,
        [
          sid,
          tenantSid,
          options.parent ?? null,
          `${parentPath}${sid}/`,
          `部门${sid.slice(0, 6)}`,
          options.leader ?? null,
        ],
      );
      return sid;
    },
    person: async (userSid, departmentSid) => {
      const sid = newSid();
      await db.query(
        `INSERT INTO m_person (sid, tenant_sid, company_sid, created_at, updated_at, name, status, department, account_user)
         VALUES ($1, $2, $2, $3, $3, '人员', 'active', $4, $5)`,
        [sid, tenantSid, clock.now, departmentSid, userSid],
      );
      return sid;
    },
    role: async (code, userSids) => {
      const sid = newSid();
      await db.query('INSERT INTO role (sid, tenant_sid, code, name, platform) VALUES ($1, $2, $3, $4, 1)', [
        sid,
        tenantSid,
        code,
        `角色 ${sid}`,
      ]);
      for (const u of userSids) await db.query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2)', [u, sid]);
      return sid;
    },
    record: async (custom = {}) => {
      const sid = newSid();
      await db.query(
        'INSERT INTO m_patent (sid, tenant_sid, company_sid, created_at, updated_at, custom) VALUES ($1, $2, $2, $3, $3, $4)',
        [sid, tenantSid, clock.now, JSON.stringify(custom)],
      );
      return sid;
    },
    publish: async (graph) => {
      const key = graph.settings.key;
      const previous = await db.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM workflow_definition WHERE tenant_sid = $1 AND key = $2',
        [tenantSid, key],
      );
      await db.query(
        "UPDATE workflow_definition SET status = 'retired' WHERE tenant_sid = $1 AND key = $2 AND status = 'published'",
        [tenantSid, key],
      );
      const sid = newSid();
      await db.query(
        `INSERT INTO workflow_definition (sid, tenant_sid, key, version, name, model, status, xml, graph, published_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'published', '<definitions/>', $7, now())`,
        [
          sid,
          tenantSid,
          key,
          (previous[0]?.version ?? 0) + 1,
          graph.settings.name,
          graph.settings.model,
          JSON.stringify(graph),
        ],
      );
      return sid;
    },
    tasks: (instanceSid) => snapshots(db, instanceSid, ''),
    open: (instanceSid, nodeId) =>
      snapshots(db, instanceSid, `AND t.status IN ('open', 'pending')${nodeId ? ` AND t.node_id = '${nodeId}'` : ''}`),
    status: async (instanceSid) =>
      (await db.query<{ status: string }>('SELECT status FROM workflow_instance WHERE sid = $1', [instanceSid]))[0]!
        .status,
    history: async (instanceSid) =>
      (
        await db.query<{ action: string; node_id: string | null }>(
          'SELECT action, node_id FROM workflow_history WHERE instance_sid = $1 ORDER BY id',
          [instanceSid],
        )
      ).map((h) => (h.node_id ? `${h.action}@${h.node_id}` : h.action)),
    close: () => test.close(),
  };
}
