// A person resigns (spec §3): in one transaction they are marked resigned with a date and a handover
// person, their login account is closed, and their open to-dos move to the handover person's account
// (their open workflow tasks first, through the engine, which moves those tasks' to-dos along).
// Any failure leaves all of it as it was. The notice mail goes out after the commit.
import { AppError, personModel, tableOf } from '@ipdesk/core';
import { audit } from '../../modules/accounts/context.js';
import { bumpAccessVersion } from '../../modules/rbac/access.js';
import { closeUserAccount } from './accounts.js';
import { sendHandoverNotice, type NoticeLog } from './handover-notice.js';
import { changesOf, lockRow, viewRow, visibleRecord, type PeopleContext } from './records.js';
import { handOverTodos } from './todos.js';
import { handOverTasks } from '../workflow/engine/index.js';
import { localDate } from '../../platform/models/relative-dates.js';
import type { RecordRow } from '../../platform/models/records.js';
import type { RequestContext } from '../../platform/context.js';

export interface ResignInput {
  sid: string;
  version: number;
  handover_person_sid: string;
  /** YYYY-MM-DD; the tenant's today when absent. */
  resigned_on?: string;
}

interface ResigningRow {
  name: string;
  status: string;
  version: number;
  account_user: string | null;
  resigned_on: string | null;
  handover_person: string | null;
}

interface HandoverRow {
  name: string;
  status: string;
  user_sid: string | null;
  user_status: number | null;
  email: string | null;
}

/** The people services, the time zone that says which day "today" is, and where a mail problem is logged. */
export interface ResignDeps extends PeopleContext {
  timeZone: string;
  log: NoticeLog;
}

export async function resign(deps: ResignDeps, ctx: RequestContext, input: ResignInput): Promise<RecordRow> {
  const { principal, requestId, now } = ctx;
  const view = await visibleRecord(deps, principal, 'person', input.sid);
  const tenantSid = principal.tenantSid;
  const resignedOn = input.resigned_on ?? localDate(now, deps.timeZone);
  const outcome = await deps.accounts.db.transaction(async (tx) => {
    const before = await lockRow<ResigningRow>(tx, view, tenantSid, input.sid, [
      'name',
      'status',
      'version',
      'account_user',
      'resigned_on',
      'handover_person',
    ]);
    if (before.status !== 'active') throw new AppError('alreadyResigned');
    if (before.version !== input.version) throw new AppError('conflict');

    // Shared lock: the handover person cannot resign or lose their account while this runs.
    const handovers =
      input.handover_person_sid === input.sid
        ? []
        : await tx.query<HandoverRow>(
            `SELECT p.name, p.status, u.sid AS user_sid, u.status AS user_status, coalesce(u.email, p.email) AS email
               FROM ${tableOf(personModel)} p LEFT JOIN user_account u ON u.sid = p.account_user AND u.tenant_sid = p.tenant_sid
              WHERE p.sid = $1 AND p.tenant_sid = $2
              FOR SHARE OF p`,
            [input.handover_person_sid, tenantSid],
          );
    const handover = handovers[0];
    if (!handover || handover.status !== 'active' || !handover.user_sid || handover.user_status !== 1)
      throw new AppError('handoverInvalid');

    await tx.query(
      `UPDATE ${tableOf(personModel)} SET status = 'resigned', resigned_on = $3, handover_person = $4,
              version = version + 1, updated_at = $5, updated_by = $6
        WHERE sid = $1 AND tenant_sid = $2`,
      [input.sid, tenantSid, resignedOn, input.handover_person_sid, now, principal.userSid],
    );
    const accountClosed = before.account_user ? await closeUserAccount(tx, before.account_user, now) : false;
    const from = before.account_user;
    const handedOver = from
      ? (await handOverTasks(tx, ctx, { fromUserSid: from, toUserSid: handover.user_sid })) +
        (await handOverTodos(tx, tenantSid, from, handover.user_sid, now))
      : 0;
    await bumpAccessVersion(tx, tenantSid);
    await audit(tx, {
      tenantSid,
      actorSid: principal.userSid,
      action: 'person.resigned',
      target: `person:${input.sid}`,
      detail: {
        changes: changesOf(
          { status: before.status, resigned_on: before.resigned_on, handover_person: before.handover_person },
          { status: 'resigned', resigned_on: resignedOn, handover_person: input.handover_person_sid },
        ),
        version: before.version + 1,
        account_closed: accountClosed,
        todos_handed_over: handedOver,
      },
      requestId,
      at: now,
    });
    return {
      row: await viewRow(tx, view, tenantSid, input.sid),
      facts: {
        tenantSid,
        person: before.name,
        handover: handover.name,
        handoverEmail: handover.email,
        date: resignedOn,
        count: handedOver,
      },
    };
  });
  await sendHandoverNotice(deps.accounts, outcome.facts, deps.log);
  return outcome.row;
}
