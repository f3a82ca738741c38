// Runs configuration pack jobs in the server process (spec §4: waiting → in_progress → completed |
// failed). A job is claimed, its items are checked one by one with the progress saved after each (so a
// poller sees it move), then the whole pack is written in ONE transaction that also marks the job
// completed: a failure anywhere leaves nothing of the pack applied and the job failed with a reason.
// Jobs are found by a kick when one is requested and by a poll every few seconds.
import { translate, type FieldIssue } from '@ipdesk/core';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.js';
import { audit, type Clock } from '../accounts/context.js';
import { tenantDictionaries, type TenantModels } from '../custom-fields/service.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { bumpAccessVersion } from '../rbac/access.js';
import { queueJobNotice, type JobNotice } from '../../platform/notifications/job-notices.js';
import { applyPack, PackJobError } from './apply.js';
import {
  checkContext,
  checkDictionary,
  checkRole,
  packDictionarySchema,
  packRoleSchema,
  type CheckContext,
  type PackDictionary,
  type PackRole,
} from './content.js';
import { checkCustomField, packCustomFieldSchema, type PackCustomField } from './pack-fields.js';
import { checkMenu, menuCount, packMenuSchema, type PackMenu } from './pack-menus.js';

/** Tells whoever requested the pack how it ended, in the transaction that writes its outcome (issue 19). */
async function packNotice(
  tx: Queryable,
  job: { sid: string; tenant_sid: string; pack_sid: string; requested_by: string | null },
  outcome: JobNotice['outcome'],
  now: Date,
): Promise<void> {
  const [pack] = await tx.query<{ name: string }>('SELECT name FROM config_pack WHERE sid = $1', [job.pack_sid]);
  await queueJobNotice(tx, {
    tenantSid: job.tenant_sid,
    userSid: job.requested_by,
    jobSid: job.sid,
    kind: 'configPack',
    subject: pack?.name ?? '',
    outcome,
    now,
  });
}

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
  registry: ModelRegistry;
  /** Told which models' fields a job published, so the next request reads them. */
  models?: Pick<TenantModels, 'invalidate'>;
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

type ItemKind = 'role' | 'dictionary' | 'customField' | 'menu';

/** The checked items of a pack, in the order they are checked. */
interface Checked {
  roles: PackRole[];
  dictionaries: PackDictionary[];
  customFields: PackCustomField[];
  menus: PackMenu[];
}

interface Kind {
  kind: ItemKind;
  /** Where the content lists items of the kind. */
  key: string;
  /** Parses and checks one item, keeping it in checked; answers why it is refused, if it is. */
  take(value: unknown, index: number, context: CheckContext, checked: Checked): string | undefined;
}

function kindOf<T>(
  kind: ItemKind,
  key: string,
  schema: z.ZodType<T>,
  check: (value: T, index: number, context: CheckContext) => FieldIssue[],
  keep: (checked: Checked, value: T) => void,
): Kind {
  return {
    kind,
    key,
    take(value, index, context, checked) {
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`;
      }
      keep(checked, parsed.data);
      const issues = check(parsed.data, index, context);
      return issues[0] ? issueText(issues[0]) : undefined;
    },
  };
}

/** The kinds in the order their items are checked: dictionaries before the fields that may use them. */
const KINDS: readonly Kind[] = [
  kindOf('role', 'roles', packRoleSchema, checkRole, (c, v) => c.roles.push(v)),
  kindOf('dictionary', 'dictionaries', packDictionarySchema, checkDictionary, (c, v) => c.dictionaries.push(v)),
  kindOf('customField', 'custom_fields', packCustomFieldSchema, checkCustomField, (c, v) => c.customFields.push(v)),
  kindOf('menu', 'menus', packMenuSchema, checkMenu, (c, v) => c.menus.push(v)),
];

interface Item {
  kind: Kind;
  value: unknown;
  index: number;
  /** Its share of the progress: one, or for a top-level menu the menus of its subtree. */
  weight: number;
}

/** The content's items in order, each still unchecked (the stored JSON may predate today's rules). */
function itemsOf(content: unknown): Item[] {
  const object = (content ?? {}) as Record<string, unknown>;
  return KINDS.flatMap((kind) => {
    const list = object[kind.key];
    return (Array.isArray(list) ? (list as unknown[]) : []).map((value, index) => ({
      kind,
      value,
      index,
      weight: kind.kind === 'menu' ? menuCount(value) : 1,
    }));
  });
}

function describeItem(kind: ItemKind, value: unknown, index: number): string {
  const record = (value ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : `#${index + 1}`);
  switch (kind) {
    case 'role':
      return translate('en', 'configPack.itemRole', { code: text('code') });
    case 'dictionary':
      return translate('en', 'configPack.itemDictionary', { dictionary: text('name') });
    case 'customField':
      return translate('en', 'configPack.itemCustomField', { model: text('model'), code: text('code') });
    case 'menu':
      return translate('en', 'configPack.itemMenu', { name: text('name_en') });
  }
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
  async function check(job: ClaimedJob): Promise<Checked> {
    const packs = await db.query<{ content: unknown }>(
      'SELECT content FROM config_pack WHERE sid = $1 AND tenant_sid = $2',
      [job.pack_sid, job.tenant_sid],
    );
    const items = itemsOf(packs[0]?.content);
    await progress(job, { progress: 0, total: items.reduce((sum, item) => sum + item.weight, 0) });
    const context = checkContext(options.registry, await tenantDictionaries(db, job.tenant_sid));
    const checked: Checked = { roles: [], dictionaries: [], customFields: [], menus: [] };
    let done = 0;
    for (const item of items) {
      const reason = item.kind.take(item.value, item.index, context, checked);
      if (reason) throw new PackJobError(`${describeItem(item.kind.kind, item.value, item.index)}: ${reason}`);
      done += item.weight;
      await progress(job, { progress: done });
    }
    return checked;
  }

  async function run(job: ClaimedJob): Promise<void> {
    try {
      const content = await check(job);
      const applied = await db.transaction(async (tx) => {
        const at = now();
        // Marked completed in the same transaction as the writes: a crash either keeps both or neither.
        const rows = await tx.query(
          `UPDATE config_pack_job SET status = 'completed', progress = total, finished_at = $3
            WHERE sid = $1 AND status = 'in_progress' AND started_at = $2 RETURNING sid`,
          [job.sid, job.started_at, at],
        );
        if (!rows[0]) throw new ClaimLost();
        const written = await applyPack(
          tx,
          { tenantSid: job.tenant_sid, now: at },
          { ...content, menus: content.menus.length ? content.menus : undefined },
        );
        if (content.roles.length) await bumpAccessVersion(tx, job.tenant_sid);
        const items =
          content.roles.length + content.dictionaries.length + content.customFields.length + content.menus.length;
        await packNotice(tx, job, { finished: items, unit: 'items' }, at);
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
            custom_fields: content.customFields.map((f) => `${f.model}.${f.code}`),
            menus: written.menus ?? null,
          },
          at,
        });
        return written;
      });
      // Published fields show once the cached models are read again (their schema version went up).
      for (const model of applied.models) options.models?.invalidate(job.tenant_sid, model);
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
      await packNotice(tx, job, { failed: text.slice(0, 500) }, at);
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
