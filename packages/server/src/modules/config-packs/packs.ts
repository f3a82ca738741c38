// A tenant's configuration packs and their jobs: saving a pack (content checked first), reading them,
// and asking for one to be applied, which only records a waiting job (the runner does the work).
// Every query is scoped by the tenant, so another tenant's sid reads as not found.
import { AppError, newSid, translate } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';
import { tenantDictionaries } from '../custom-fields/service.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { checkContent, checkContext, type PackContent } from './content.js';
import { menuCount } from './pack-menus.js';
import { duplicateValueError, violatedIndex } from '../../db/unique-violation.js';
import type { RequestContext } from '../../platform/context.js';

export interface PackRow {
  sid: string;
  name: string;
  content: PackContent;
  updated_at: Date;
}

export interface PackSummary {
  sid: string;
  name: string;
  /** How many of each the pack holds; menus count every menu of the tree. */
  summary: { roles: number; dictionaries: number; custom_fields: number; menus: number };
  updated_at: Date;
}

export const JOB_STATUSES = ['waiting', 'in_progress', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobRow {
  sid: string;
  pack_sid: string;
  pack_name: string;
  company_sid: string;
  status: JobStatus;
  progress: number;
  total: number;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const JOB_COLUMNS = `j.sid, j.pack_sid, p.name AS pack_name, j.company_sid, j.status, j.progress, j.total, j.error,
  j.created_at, j.started_at, j.finished_at`;

const length = (part: string) =>
  `CASE WHEN jsonb_typeof(content->'${part}') = 'array' THEN jsonb_array_length(content->'${part}') ELSE 0 END`;

export async function listPacks(db: Queryable, tenantSid: string): Promise<PackSummary[]> {
  // Every menu of the tree has a Chinese name, and nothing else in the tree does. Strict mode, since
  // the recursive wildcard of lax mode visits array elements twice.
  const rows = await db.query<{
    sid: string;
    name: string;
    roles: number;
    dictionaries: number;
    custom_fields: number;
    menus: number;
    updated_at: Date;
  }>(
    `SELECT sid, name, updated_at, ${length('roles')} AS roles, ${length('dictionaries')} AS dictionaries,
       ${length('custom_fields')} AS custom_fields,
       CASE WHEN jsonb_typeof(content->'menus') = 'array'
         THEN jsonb_array_length(jsonb_path_query_array(content->'menus', 'strict $.**.name_zh')) ELSE 0 END AS menus
       FROM config_pack WHERE tenant_sid = $1 ORDER BY lower(name), sid LIMIT 1000`,
    [tenantSid],
  );
  return rows.map((r) => ({
    sid: r.sid,
    name: r.name,
    summary: { roles: r.roles, dictionaries: r.dictionaries, custom_fields: r.custom_fields, menus: r.menus },
    updated_at: r.updated_at,
  }));
}

export async function getPack(db: Queryable, tenantSid: string, sid: string): Promise<PackRow> {
  const rows = await db.query<PackRow>(
    'SELECT sid, name, content, updated_at FROM config_pack WHERE sid = $1 AND tenant_sid = $2',
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('notFound');
  return rows[0];
}

/** What saving a pack works with: the database, and the model registry its content is checked against. */
export interface PackDeps {
  db: Database;
  registry: ModelRegistry;
}

/**
 * Creates the pack (no sid) or replaces its name and content; a name is unique in the tenant. The content
 * is checked first, against the tenant's dictionaries as now (an option field of the pack may use one).
 */
export async function savePack(
  { db, registry }: PackDeps,
  ctx: RequestContext,
  input: { sid?: string; name: string; content: PackContent },
): Promise<PackRow> {
  const at = ctx.now;
  const issues = checkContent(input.content, checkContext(registry, await tenantDictionaries(db, ctx.tenantSid)));
  if (issues.length) throw new AppError('validation', { issues });
  try {
    return await db.transaction(async (tx) => {
      const content = JSON.stringify(input.content);
      const rows = input.sid
        ? await tx.query<PackRow>(
            `UPDATE config_pack SET name = $3, content = $4, updated_at = $5 WHERE sid = $1 AND tenant_sid = $2
             RETURNING sid, name, content, updated_at`,
            [input.sid, ctx.tenantSid, input.name, content, at],
          )
        : await tx.query<PackRow>(
            `INSERT INTO config_pack (sid, tenant_sid, name, content, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
             RETURNING sid, name, content, updated_at`,
            [newSid(), ctx.tenantSid, input.name, content, at],
          );
      const pack = rows[0];
      if (!pack) throw new AppError('notFound');
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: input.sid ? 'config_pack.updated' : 'config_pack.created',
        target: pack.sid,
        detail: {
          name: pack.name,
          roles: (input.content.roles ?? []).map((r) => r.code),
          dictionaries: (input.content.dictionaries ?? []).map((d) => d.name),
          custom_fields: (input.content.custom_fields ?? []).map((f) => `${f.model}.${f.code}`),
          menus: (input.content.menus ?? []).reduce((sum, menu) => sum + menuCount(menu), 0),
        },
        requestId: ctx.requestId,
        at,
      });
      return pack;
    });
  } catch (error) {
    if (!violatedIndex(error, ['config_pack_name_idx'])) throw error;
    throw duplicateValueError(ctx.language, 'name', translate(ctx.language, 'field.configPackName'), input.name);
  }
}

async function companyOfTenant(db: Queryable, tenantSid: string, companySid: string): Promise<void> {
  const rows = await db.query('SELECT 1 FROM company WHERE sid = $1 AND tenant_sid = $2', [companySid, tenantSid]);
  if (!rows[0]) throw new AppError('notFound');
}

export async function getJob(db: Queryable, tenantSid: string, sid: string): Promise<JobRow> {
  const rows = await db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM config_pack_job j JOIN config_pack p ON p.sid = j.pack_sid
      WHERE j.sid = $1 AND j.tenant_sid = $2`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('notFound');
  return rows[0];
}

/** The tenant's jobs, newest first, at most 100; of one company when given. */
export async function listJobs(db: Queryable, tenantSid: string, companySid?: string): Promise<JobRow[]> {
  if (companySid) await companyOfTenant(db, tenantSid, companySid);
  return db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM config_pack_job j JOIN config_pack p ON p.sid = j.pack_sid
      WHERE j.tenant_sid = $1 AND ($2::text IS NULL OR j.company_sid = $2)
      ORDER BY j.created_at DESC, j.sid DESC LIMIT 100`,
    [tenantSid, companySid ?? null],
  );
}

/** Records a waiting job for the runner; the pack and company must be the tenant's. */
export async function requestApply(
  db: Database,
  ctx: RequestContext,
  input: { pack_sid: string; company_sid: string },
): Promise<JobRow> {
  const at = ctx.now;
  const sid = newSid();
  await db.transaction(async (tx) => {
    await getPack(tx, ctx.tenantSid, input.pack_sid);
    await companyOfTenant(tx, ctx.tenantSid, input.company_sid);
    await tx.query(
      `INSERT INTO config_pack_job (sid, tenant_sid, pack_sid, company_sid, status, requested_by, created_at)
       VALUES ($1, $2, $3, $4, 'waiting', $5, $6)`,
      [sid, ctx.tenantSid, input.pack_sid, input.company_sid, ctx.userSid, at],
    );
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'config_pack.apply_requested',
      target: sid,
      detail: { pack_sid: input.pack_sid, company_sid: input.company_sid },
      requestId: ctx.requestId,
      at,
    });
  });
  return getJob(db, ctx.tenantSid, sid);
}
