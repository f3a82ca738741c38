// Watching a record of any model (the "watch" button): the watcher hears of its status changes (and of its
// children's, docs/notifications.md). Watching needs what reading the record needs — the model's view right
// and the record in the caller's data scope — and a record they may not read answers the detail route's 404,
// so the button reveals nothing. A watcher who later loses access is filtered when a notification is queued.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { RequestContext } from '../context.js';
import type { ResolvedModel } from '../models/registry.js';
import { mayRead } from './notify.js';

export interface WatchInput {
  /** The model as the caller's tenant sees it. */
  model: ResolvedModel;
  sid: string;
}

async function readable(db: Queryable, ctx: Pick<RequestContext, 'principal'>, input: WatchInput): Promise<void> {
  if (!(await mayRead(db, ctx.principal, input.model, input.sid))) throw new AppError('recordNotFound');
}

export async function watchState(
  db: Queryable,
  ctx: Pick<RequestContext, 'principal'>,
  input: WatchInput,
): Promise<{ watching: boolean }> {
  await readable(db, ctx, input);
  const rows = await db.query(
    'SELECT 1 FROM record_watch WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3 AND user_sid = $4',
    [ctx.principal.tenantSid, input.model.name, input.sid, ctx.principal.userSid],
  );
  return { watching: rows.length > 0 };
}

export async function watchRecord(
  db: Queryable,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: WatchInput,
): Promise<{ watching: true }> {
  await readable(db, ctx, input);
  await db.query(
    `INSERT INTO record_watch (tenant_sid, model, record_sid, user_sid, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [ctx.principal.tenantSid, input.model.name, input.sid, ctx.principal.userSid, ctx.now],
  );
  return { watching: true };
}

export async function unwatchRecord(
  db: Queryable,
  ctx: Pick<RequestContext, 'principal'>,
  input: WatchInput,
): Promise<{ watching: false }> {
  await readable(db, ctx, input);
  await db.query(
    'DELETE FROM record_watch WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3 AND user_sid = $4',
    [ctx.principal.tenantSid, input.model.name, input.sid, ctx.principal.userSid],
  );
  return { watching: false };
}
