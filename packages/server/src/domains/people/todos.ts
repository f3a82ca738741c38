// To-dos as the people actions see them: the caller's open ones, and the hand-over of a resigning
// user's open ones to their handover person (done and cancelled ones stay where they are).
import type { Queryable } from '../../db/database.js';

export interface TodoRow {
  sid: string;
  title: string;
  link: string | null;
  source: string;
  status: string;
  handed_over_from: string | null;
  created_at: Date;
  updated_at: Date;
}

export const MY_TODOS_LIMIT = 200;

export function myTodos(db: Queryable, tenantSid: string, userSid: string): Promise<TodoRow[]> {
  return db.query<TodoRow>(
    `SELECT sid, title, link, source, status, handed_over_from, created_at, updated_at
       FROM todo
      WHERE tenant_sid = $1 AND assignee_sid = $2 AND status = 'open'
      ORDER BY created_at DESC, sid DESC
      LIMIT ${MY_TODOS_LIMIT}`,
    [tenantSid, userSid],
  );
}

/** Moves the user's open to-dos to another user in the caller's transaction; answers how many. */
export async function handOverTodos(
  tx: Queryable,
  tenantSid: string,
  fromUserSid: string,
  toUserSid: string,
  now: Date,
): Promise<number> {
  const moved = await tx.query(
    `UPDATE todo SET assignee_sid = $3, handed_over_from = $2, updated_at = $4
      WHERE tenant_sid = $1 AND assignee_sid = $2 AND status = 'open'
      RETURNING sid`,
    [tenantSid, fromUserSid, toUserSid, now],
  );
  return moved.length;
}
