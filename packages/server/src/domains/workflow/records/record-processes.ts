// A record's processes as its page shows them: the current (or last) instance, the published processes of
// its model that could be started on it, the status of many records at once (a list page's column), and
// the diagram of an instance with where it stands and where it went.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { Acting } from '../../../platform/context.js';
import type { InstanceStatus } from '../engine/index.js';
import { readRecordFields } from '../engine/record.js';
import { mayStart } from '../engine/start.js';
import { loadDefinition } from '../engine/tables.js';
import type { RecordAccessDeps } from './record-access.js';

/** The record's open instance, else its newest finished one, else null. At most one is open (0012 index). */
export async function currentInstanceSid(
  db: Queryable,
  tenantSid: string,
  model: string,
  recordSid: string,
): Promise<string | null> {
  const rows = await db.query<{ sid: string }>(
    `SELECT sid FROM workflow_instance WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3
      ORDER BY created_at DESC, sid DESC LIMIT 1`,
    [tenantSid, model, recordSid],
  );
  return rows[0]?.sid ?? null;
}

export interface StartableProcess {
  key: string;
  name: string;
  version: number;
}

/**
 * The model's published processes that this user may start on this record, by name: each process's own
 * "who may start" settings (users, roles, a user field of the record) as the start command checks them.
 * A process bound to a lifecycle action is not among them: running the action starts it.
 */
export async function startableProcesses(
  { db, registry }: RecordAccessDeps,
  ctx: Acting,
  input: { model: string; recordSid: string },
): Promise<StartableProcess[]> {
  const rows = await db.query<StartableProcess & { sid: string }>(
    `SELECT sid, key, name, version FROM workflow_definition WHERE tenant_sid = $1 AND model = $2 AND status = 'published'
        AND graph->'settings'->>'action' IS NULL
      ORDER BY name, key`,
    [ctx.tenantSid, input.model],
  );
  if (rows.length === 0) return [];
  const record = await readRecordFields(db, registry, ctx.tenantSid, input.model, input.recordSid);
  if (!record) return [];
  const startable: StartableProcess[] = [];
  for (const row of rows) {
    const definition = await loadDefinition(db, row.sid);
    if (await mayStart(db, ctx.tenantSid, definition.graph.settings, ctx.userSid, record))
      startable.push({ key: row.key, name: row.name, version: Number(row.version) });
  }
  return startable;
}

export interface RecordProcessStatus {
  recordSid: string;
  instanceSid: string;
  status: InstanceStatus;
  processName: string;
  /** The names of the steps it rests at (empty once finished). */
  currentNodes: string[];
}

/** The current (or last) process of each record that has one: one query on the record index. */
export async function recordStatuses(
  db: Queryable,
  tenantSid: string,
  model: string,
  recordSids: readonly string[],
): Promise<RecordProcessStatus[]> {
  if (recordSids.length === 0) return [];
  const rows = await db.query<{
    record_sid: string;
    sid: string;
    status: InstanceStatus;
    process_name: string;
    nodes: string[] | null;
  }>(
    `SELECT DISTINCT ON (i.record_sid) i.record_sid, i.sid, i.status, d.name AS process_name,
            ARRAY(SELECT DISTINCT coalesce(d.graph->'nodes'->k.node_id->>'name', k.node_id)
                    FROM workflow_token k WHERE k.instance_sid = i.sid AND k.status IN ('active', 'waiting')) AS nodes
       FROM workflow_instance i JOIN workflow_definition d ON d.sid = i.definition_sid
      WHERE i.tenant_sid = $1 AND i.model = $2 AND i.record_sid = ANY($3::text[])
      ORDER BY i.record_sid, i.created_at DESC, i.sid DESC`,
    [tenantSid, model, [...recordSids]],
  );
  return rows.map((r) => ({
    recordSid: r.record_sid,
    instanceSid: r.sid,
    status: r.status,
    processName: r.process_name,
    currentNodes: r.nodes ?? [],
  }));
}

export interface InstanceDiagram {
  key: string;
  version: number;
  name: string;
  xml: string;
  /** Steps a token rests at now. */
  currentNodeIds: string[];
  /** Steps the instance has passed (a token finished there). */
  visitedNodeIds: string[];
}

export async function instanceDiagram(db: Queryable, instanceSid: string): Promise<InstanceDiagram> {
  const [definition] = await db.query<{ key: string; version: number; name: string; xml: string }>(
    `SELECT d.key, d.version, d.name, d.xml FROM workflow_instance i JOIN workflow_definition d ON d.sid = i.definition_sid
      WHERE i.sid = $1`,
    [instanceSid],
  );
  if (!definition) throw new AppError('instanceNotFound');
  const nodes = await db.query<{ node_id: string; resting: boolean; visited: boolean }>(
    `SELECT node_id, bool_or(status IN ('active', 'waiting')) AS resting, bool_or(status = 'done') AS visited
       FROM workflow_token WHERE instance_sid = $1 GROUP BY node_id ORDER BY node_id`,
    [instanceSid],
  );
  return {
    key: definition.key,
    version: Number(definition.version),
    name: definition.name,
    xml: definition.xml,
    currentNodeIds: nodes.filter((n) => n.resting).map((n) => n.node_id),
    visitedNodeIds: nodes.filter((n) => n.visited).map((n) => n.node_id),
  };
}
