// While a process is open on a record, the record follows the process: through the generic model API only
// the fields the current step grants `edit` (node.fields in the graph) may change, and only for that step's
// assignees; every other field is read-only until the process finishes. The starter edits freely while the
// process is a draft or back with them (returned, or their submission withdrawn).
import { AppError, labelIn, translate, type FieldError, type UserTaskNode } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { ActionEvent, WriteEvent } from '../../../platform/models/hooks.js';
import type { Acting } from '../../../platform/context.js';
import { loadDefinition } from '../engine/tables.js';

/** The fields the one acting may change now, or 'all'; null when no process is open on the record. */
export async function editableFields(
  db: Queryable,
  ctx: Acting,
  input: { model: string; recordSid: string },
): Promise<{ fields: ReadonlySet<string> | 'all'; processName: string } | null> {
  const [instance] = await db.query<{ sid: string; definition_sid: string; status: string; starter_sid: string }>(
    `SELECT sid, definition_sid, status, starter_sid FROM workflow_instance
      WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3 AND status IN ('draft', 'running', 'withdrawn')`,
    [ctx.tenantSid, input.model, input.recordSid],
  );
  if (!instance) return null;
  const definition = await loadDefinition(db, instance.definition_sid);
  const processName = definition.name;
  if (instance.status === 'draft' && instance.starter_sid === ctx.userSid) return { fields: 'all', processName };
  const mine = await db.query<{ node_id: string; kind: string }>(
    `SELECT node_id, kind FROM workflow_task
      WHERE instance_sid = $1 AND assignee_sid = $2 AND status IN ('open', 'pending')`,
    [instance.sid, ctx.userSid],
  );
  if (mine.some((t) => t.kind === 'submit')) return { fields: 'all', processName };
  const fields = new Set<string>();
  for (const task of mine) {
    const node = definition.graph.nodes[task.node_id] as UserTaskNode | undefined;
    for (const grant of node?.kind === 'userTask' ? node.fields : [])
      if (grant.access === 'edit') fields.add(grant.field);
  }
  return { fields, processName };
}

/** An update's check (afterWrite, in its transaction): a change to a locked field refuses the whole write. */
export async function checkFieldLock(tx: Queryable, event: WriteEvent): Promise<void> {
  if (!event.before || event.changed.length === 0) return;
  const { tenantSid, userSid } = event.principal;
  const editable = await editableFields(
    tx,
    { tenantSid, userSid },
    { model: event.model.name, recordSid: String(event.after.sid) },
  );
  if (!editable || editable.fields === 'all') return;
  const allowed = editable.fields;
  const locked = event.changed.filter((name) => !allowed.has(name));
  if (locked.length === 0) return;
  const labelOf = (name: string) => {
    const label = event.model.fields.get(name)?.label;
    return label ? labelIn(label, event.language) : name;
  };
  const fields: FieldError[] = locked.map((name) => ({
    field: name,
    label: labelOf(name),
    message: translate(event.language, 'workflow.fieldLocked'),
  }));
  throw new AppError('fieldLockedByProcess', {
    params: { field: labelOf(locked[0]!), process: editable.processName },
    fields,
  });
}

/** A lifecycle action (not an approval's outcome) on a record with an open process: refused, naming both. */
export async function refuseActionInProcess(tx: Queryable, event: ActionEvent): Promise<void> {
  const [open] = await tx.query<{ definition_sid: string }>(
    `SELECT definition_sid FROM workflow_instance
      WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3 AND status IN ('draft', 'running', 'withdrawn')`,
    [event.principal.tenantSid, event.model.name, String(event.before.sid)],
  );
  if (!open) return;
  const declared = event.model.declaration.lifecycle?.actions[event.action];
  throw new AppError('actionWhileInProcess', {
    params: {
      action: declared ? labelIn(declared.label, event.language) : event.action,
      process: (await loadDefinition(tx, open.definition_sid)).name,
    },
  });
}
