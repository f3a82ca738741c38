// Runs configuration pack jobs in the server process (spec §4: waiting → in_progress → completed |
// failed). A job is claimed, its items are checked one by one with the progress saved after each (so a
// poller sees it move), then the whole pack is written in ONE transaction that also marks the job
// completed: a failure anywhere leaves nothing of the pack applied and the job failed with a reason.
// Jobs are found by a kick when one is requested and by a poll every few seconds.
import { translate, type FieldIssue, type ResourceCatalog } from '@ipdesk/core';
import type { Database } from '../../db/database.js';
import { audit, type Clock } from '../accounts/context.js';
import { bumpAccessVersion } from '../rbac/access.js';
import { applyPack, PackJobError } from './apply.js';
import {
  checkContext,
  checkDictionary,
  checkRole,
  packDictionarySchema,
  packRoleSchema,
  type PackDictionary,
  type PackRole,
} from './content.js';

export interface PackJobRunner {
  /** Puts jobs left in progress by a crash back to waiting, then works and polls until stopped. */
  start(): Promise<void>;
  /** Looks for waiting jobs now (after one is requested). */
  kick(): void;
  /** Stops polling and waits for the job at hand to end. */
  stop(): Promise<void>;
}

interface Log {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface RunnerOptions {
  db: Database;
  catalog: ResourceCatalog;
  dictionaries: ReadonlySet<string>;
  now: Clock;
  log: Log;
  pollMs?: number;
}

interface ClaimedJob {
  sid: string;
  tenant_sid: string;
  pack_sid: string;
  company_sid: string;
  requested_by: string | null;
  started_at: Date;
}

/** The job lost its claim (another runner reset and took it); its transaction is rolled back. */
class ClaimLost extends Error {
  override name = 'ClaimLost';
}

function issueText(issue: FieldIssue): string {
  return `${translate('en', issue.labelKey)}: ${translate('en', issue.messageKey, issue.params)}`;
}

/** The content's items in order, each still unchecked (the stored JSON may predate today's rules). */
function itemsOf(content: unknown): Array<{ kind: 'role' | 'dictionary'; value: unknown; index: number }> {
  const object = (content ?? {}) as { roles?: unknown; dictionaries?: unknown };
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  return [
    ...list(object.roles).map((value, index) => ({ kind: 'role' as const, value, index })),
    ...list(object.dictionaries).map((value, index) => ({ kind: 'dictionary' as const, value, index })),
  ];
}

function describeItem(kind: 'role' | 'dictionary', value: unknown, index: number): string {
  const record = (value ?? {}) as { code?: unknown; name?: unknown };
  return kind === 'role'
    ? translate('en', 'configPack.itemRole', { code: typeof record.code === 'string' ? record.code : `#${index + 1}` })
    : translate('en', 'configPack.itemDictionary', {
        dictionary: typeof record.name === 'string' ? record.name : `#${index + 1}`,
      });
}

export function createPackJobRunner(options: RunnerOptions): PackJobRunner {
  const { db, now, log } = options;
  const pollMs = options.pollMs ?? 3000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let draining: Promise<void> | undefined;
  let again = false;

  /** Saves the job's progress in its own short statement, as long as the claim holds. */
  async function progress(job: ClaimedJob, values: { progress: number; total?: number }): Promise<void> {
    const rows = await db.query(
      `UPDATE config_pack_job SET progress = $3, total = coalesce($4, total)
        WHERE sid = $1 AND status = 'in_progress' AND started_at = $2 RETURNING sid`,
      [job.sid, job.started_at, values.progress, values.total ?? null],
    );
    if (!rows[0]) throw new ClaimLost();
  }

  async function claim(): Promise<ClaimedJob | undefined> {
    // SKIP LOCKED lets several processes on one PostgreSQL server claim different jobs; on PGlite (one
    // connection) the statement is simply atomic.
    const rows = await db.query<ClaimedJob>(
      `UPDATE config_pack_job SET status = 'in_progress', started_at = $1, progress = 0, total = 0, error = NULL
        WHERE sid = (SELECT sid FROM config_pack_job WHERE status = 'waiting' ORDER BY created_at, sid LIMIT 1
                     FOR UPDATE SKIP LOCKED)
        RETURNING sid, tenant_sid, pack_sid, company_sid, requested_by, started_at`,
      [now()],
    );
    return rows[0];
  }

  /** Checks every item, saving progress after each; answers the parsed pack or throws PackJobError. */
  async function check(job: ClaimedJob) {
    const packs = await db.query<{ content: unknown }>(
      'SELECT content FROM config_pack WHERE sid = $1 AND tenant_sid = $2',
      [job.pack_sid, job.tenant_sid],
    );
    const items = itemsOf(packs[0]?.content);
    await progress(job, { progress: 0, total: items.length });
    const context = checkContext(options.catalog, options.dictionaries);
    const roles: PackRole[] = [];
    const dictionaries: PackDictionary[] = [];
    for (const [done, item] of items.entries()) {
      const parsed =
        item.kind === 'role' ? packRoleSchema.safeParse(item.value) : packDictionarySchema.safeParse(item.value);
      const problem = !parsed.success
        ? `${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`
        : undefined;
      let issues: FieldIssue[] = [];
      if (parsed.success && item.kind === 'role') {
        const role = parsed.data as PackRole;
        issues = checkRole(role, item.index, context);
        roles.push(role);
      } else if (parsed.success) {
        const dictionary = parsed.data as PackDictionary;
        issues = checkDictionary(dictionary, item.index, context);
        dictionaries.push(dictionary);
      }
      const reason = problem ?? (issues[0] ? issueText(issues[0]) : undefined);
      if (reason) throw new PackJobError(`${describeItem(item.kind, item.value, item.index)}: ${reason}`);
      await progress(job, { progress: done + 1 });
    }
    return { roles, dictionaries };
  }

  async function run(job: ClaimedJob): Promise<void> {
    try {
      const content = await check(job);
      await db.transaction(async (tx) => {
        const at = now();
        // Marked completed in the same transaction as the writes: a crash either keeps both or neither.
        const rows = await tx.query(
          `UPDATE config_pack_job SET status = 'completed', progress = total, finished_at = $3
            WHERE sid = $1 AND status = 'in_progress' AND started_at = $2 RETURNING sid`,
          [job.sid, job.started_at, at],
        );
        if (!rows[0]) throw new ClaimLost();
        await applyPack(tx, job.tenant_sid, content, at);
        if (content.roles.length) await bumpAccessVersion(tx, job.tenant_sid);
        await audit(tx, {
          tenantSid: job.tenant_sid,
          actorSid: job.requested_by,
          action: 'config_pack.applied',
          target: job.sid,
          detail: {
            pack_sid: job.pack_sid,
            company_sid: job.company_sid,
            roles: content.roles.map((r) => r.code),
            dictionaries: content.dictionaries.map((d) => d.name),
          },
          at,
        });
      });
    } catch (error) {
      if (error instanceof ClaimLost) {
        log.warn({ job: job.sid }, 'configuration pack job was taken over by another runner');
        return;
      }
      if (!(error instanceof PackJobError)) log.error({ err: error, job: job.sid }, 'configuration pack job failed');
      const text =
        error instanceof PackJobError ? error.message : translate('en', 'configPack.unexpected', { job: job.sid });
      await fail(job, text);
    }
  }

  async function fail(job: ClaimedJob, text: string): Promise<void> {
    await db.transaction(async (tx) => {
      const at = now();
      const rows = await tx.query(
        `UPDATE config_pack_job SET status = 'failed', error = $3, finished_at = $4
          WHERE sid = $1 AND status = 'in_progress' AND started_at = $2 RETURNING sid`,
        [job.sid, job.started_at, text.slice(0, 2000), at],
      );
      if (!rows[0]) return;
      await audit(tx, {
        tenantSid: job.tenant_sid,
        actorSid: job.requested_by,
        action: 'config_pack.apply_failed',
        target: job.sid,
        detail: { pack_sid: job.pack_sid, company_sid: job.company_sid, error: text.slice(0, 2000) },
        at,
      });
    });
  }

  /** Runs waiting jobs one after another until none is left (or the runner stops). */
  async function drain(): Promise<void> {
    do {
      again = false;
      while (!stopped) {
        const job = await claim();
        if (!job) break;
        await run(job);
      }
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log.error({ err: error }, 'configuration pack runner failed'))
      .finally(() => {
        draining = undefined;
      });
  }

  return {
    async start() {
      stopped = false;
      // Recovery: a job still in progress at start was cut off by a crash or stop of the process that
      // ran it. Its transaction never committed (completion is written in it), so nothing of it was
      // applied: it goes back to waiting and runs again from the start. Were another live process
      // still running it, its claim (started_at) no longer matches and its commit is refused, so a
      // pack is applied once per claim.
      await db.query(
        `UPDATE config_pack_job SET status = 'waiting', started_at = NULL, progress = 0 WHERE status = 'in_progress'`,
      );
      timer = setInterval(kick, pollMs);
      timer.unref();
      kick();
    },
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await draining;
    },
  };
}
