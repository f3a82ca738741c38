// Moving a menu one place up or down among its siblings (spec §5): the first cannot go up, the last
// cannot go down, and nothing leaves its parent. The siblings are locked so two moves do not interleave.
import { AppError, menuMoveProblem, type MenuMove } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';
import type { MenuDeps } from './admin.js';
import { MENU_COLUMNS, MENU_ORDER, type MenuRow } from './menus.js';
import type { RequestContext } from '../../platform/context.js';

async function lockSiblings(tx: Queryable, tenantSid: string, parentSid: string | null): Promise<MenuRow[]> {
  return tx.query<MenuRow>(
    `SELECT ${MENU_COLUMNS} FROM menu WHERE tenant_sid = $1 AND parent_sid IS NOT DISTINCT FROM $2
      ORDER BY ${MENU_ORDER} FOR UPDATE`,
    [tenantSid, parentSid],
  );
}

/** Moves the menu and answers its siblings (itself included) in their new order. */
export async function moveMenu(
  deps: Pick<MenuDeps, 'db'>,
  ctx: RequestContext,
  input: { sid: string; direction: MenuMove },
): Promise<MenuRow[]> {
  return deps.db.transaction(async (tx) => {
    // Read without a lock, then lock all siblings in display order: every move takes its locks in the
    // same order, so two moves among the same siblings queue instead of deadlocking.
    const [menu] = await tx.query<{ sid: string; parent_sid: string | null }>(
      'SELECT sid, parent_sid FROM menu WHERE sid = $1 AND tenant_sid = $2',
      [input.sid, ctx.tenantSid],
    );
    if (!menu) throw new AppError('notFound');
    const siblings = await lockSiblings(tx, ctx.tenantSid, menu.parent_sid);
    const index = siblings.findIndex((s) => s.sid === menu.sid);
    // Deleted meanwhile (a menu never changes parent).
    if (index < 0) throw new AppError('notFound');
    const problem = menuMoveProblem(index, siblings.length, input.direction);
    if (problem === 'first') throw new AppError('menuMoveFirst');
    if (problem === 'last') throw new AppError('menuMoveLast');
    const other = index + (input.direction === 'up' ? -1 : 1);
    const order = [...siblings];
    [order[index], order[other]] = [order[other]!, order[index]!];
    // Positions are renumbered 1..n rather than the two values swapped, so equal sort_by values (ties)
    // still move; only rows whose position changes are written.
    const moved: MenuRow[] = [];
    for (const [position, row] of order.entries()) {
      const sortBy = position + 1;
      if (row.sort_by === sortBy) {
        moved.push(row);
        continue;
      }
      const rows = await tx.query<MenuRow>(
        `UPDATE menu SET sort_by = $3, updated_at = $4 WHERE sid = $1 AND tenant_sid = $2 RETURNING ${MENU_COLUMNS}`,
        [row.sid, ctx.tenantSid, sortBy, ctx.now],
      );
      moved.push(rows[0]!);
    }
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'menu.moved',
      target: `menu:${menu.sid}`,
      detail: { direction: input.direction, swapped_with: order[index]!.sid },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return moved;
  });
}
