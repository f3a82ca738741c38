// `record.statusChanged`: a lifecycle action (or an approval's outcome) moved a record's status. Queued in the
// action's own transaction to the record's responsible people and watchers — and to the watchers of its
// parent, so watching a patent tells of its fees and deadlines — never the actor, never someone who may not
// read the record (queueNotification). The statuses are kept as the tenant's bilingual labels of the status
// dictionary, rendered in each reader's language.
import type { Label, LifecycleDeclaration } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { dictionaryOptions } from '../../modules/dictionary/dictionary.js';
import type { Principal, RequestContext } from '../context.js';
import type { ModelRegistry, ResolvedModel } from '../models/registry.js';
import { queueNotification } from './notify.js';

export interface StatusChange {
  model: ResolvedModel;
  lifecycle: LifecycleDeclaration;
  sid: string;
  from: string;
  to: string;
  /** The record after the action (its parent reference). */
  row: Readonly<Record<string, unknown>>;
}

/**
 * What one action reads once however many records it moves (the memo lives as long as the action's context):
 * the status dictionary's labels, and each recipient's rights (their roles do not change within a request).
 */
interface ActionMemo {
  labels: Map<string, Promise<Map<string, Label>>>;
  principals: Map<string, Principal>;
}
const memos = new WeakMap<object, ActionMemo>();

function memoOf(ctx: object): ActionMemo {
  let memo = memos.get(ctx);
  if (!memo) {
    memo = { labels: new Map(), principals: new Map() };
    memos.set(ctx, memo);
  }
  return memo;
}

function statusLabels(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid'>,
  dictionary: string,
): Promise<Map<string, Label>> {
  const memo = memoOf(ctx).labels;
  let labels = memo.get(dictionary);
  if (!labels) {
    labels = dictionaryOptions(tx, ctx.tenantSid, dictionary).then(
      (options) => new Map(options.map((o) => [o.key, o.labels])),
    );
    memo.set(dictionary, labels);
  }
  return labels;
}

export async function notifyStatusChanged(
  tx: Queryable,
  deps: { registry: ModelRegistry },
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid' | 'now'>,
  change: StatusChange,
): Promise<void> {
  if (change.from === change.to) return;
  const { model, lifecycle } = change;
  const parent = model.declaration.parent;
  const parentSid = parent ? change.row[parent.field] : undefined;
  const parentWatchers =
    parent && typeof parentSid === 'string'
      ? (
          await tx.query<{ user_sid: string }>(
            'SELECT user_sid FROM record_watch WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3',
            [ctx.tenantSid, parent.model, parentSid],
          )
        ).map((w) => w.user_sid)
      : [];
  const dictionary = model.fields.get(lifecycle.field)?.declaration?.dictionary;
  const labels = dictionary ? await statusLabels(tx, ctx, dictionary) : new Map<string, Label>();
  await queueNotification(
    tx,
    { registry: deps.registry, principals: memoOf(ctx).principals },
    {
      tenantSid: ctx.tenantSid,
      event: 'record.statusChanged',
      record: { model: model.name, sid: change.sid },
      to: parentWatchers,
      responsible: true,
      watchers: true,
      actorSid: ctx.userSid,
      params: { from: labels.get(change.from) ?? change.from, to: labels.get(change.to) ?? change.to },
      now: ctx.now,
    },
  );
}
