// Writes a checked pack into the tenant, inside the caller's transaction: roles upserted by code with
// their function permissions replaced, dictionary options upserted by key (never deleted, spec §5),
// custom fields upserted by model and identifier as published (never deleted), and the menu tree
// replaced by the pack's. Whatever fails here rolls the whole pack back with the transaction.
import { newSid, translate } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { RequestContext } from '../../platform/context.js';
import { bumpSchemaVersion, publishDefinition } from '../custom-fields/service.js';
import { insertMenuTree, lockMenuTree, markDefaultsOffered } from '../menus/seed.js';
import type { PackDictionary, PackRole } from './content.js';
import { definitionOf, type PackCustomField } from './pack-fields.js';
import { menuSeeds, type PackMenu } from './pack-menus.js';

/** A failure the job reports as its error text (English, stored with the job). */
export class PackJobError extends Error {
  override name = 'PackJobError';
}

/** The tenant a pack is written into and the moment of the job's commit (a job acts for no request). */
type PackWrite = Pick<RequestContext, 'tenantSid' | 'now'>;

function isUniqueViolation(error: unknown, index: string): boolean {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  return pgError.code === '23505' && `${pgError.constraint ?? ''} ${pgError.message ?? ''}`.includes(index);
}

async function upsertRole(tx: Queryable, ctx: PackWrite, role: PackRole): Promise<void> {
  const existing = await tx.query<{ sid: string }>(
    'SELECT sid FROM role WHERE tenant_sid = $1 AND lower(code) = lower($2) FOR UPDATE',
    [ctx.tenantSid, role.code],
  );
  let sid = existing[0]?.sid;
  try {
    if (sid) {
      // Absent optional fields keep what the tenant set; the pack owns the name, platform and permissions.
      await tx.query(
        `UPDATE role SET name = $2, platform = $3, description = coalesce($4, description), weight = coalesce($5, weight),
           data_scope = coalesce($6, data_scope), version = version + 1, updated_at = $7
         WHERE sid = $1`,
        [
          sid,
          role.name,
          role.platform,
          role.description ?? null,
          role.weight ?? null,
          role.data_scope ?? null,
          ctx.now,
        ],
      );
      await tx.query('DELETE FROM role_resource WHERE role_sid = $1', [sid]);
    } else {
      sid = newSid();
      await tx.query(
        `INSERT INTO role (sid, tenant_sid, code, name, platform, description, weight, data_scope, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
        [
          sid,
          ctx.tenantSid,
          role.code,
          role.name,
          role.platform,
          role.description ?? null,
          role.weight ?? 0,
          role.data_scope ?? 'own',
          ctx.now,
        ],
      );
    }
  } catch (error) {
    if (isUniqueViolation(error, 'role_name_idx'))
      throw new PackJobError(
        `${translate('en', 'configPack.itemRole', { code: role.code })}: ${translate('en', 'configPack.roleNameTaken', { name: role.name })}`,
        { cause: error },
      );
    throw error;
  }
  if (role.resources.length)
    await tx.query(
      'INSERT INTO role_resource (role_sid, resource_code) SELECT $1, code FROM unnest($2::text[]) AS code',
      [sid, [...new Set(role.resources)]],
    );
}

async function upsertOptions(tx: Queryable, ctx: PackWrite, dictionary: PackDictionary): Promise<void> {
  for (const [index, option] of dictionary.options.entries()) {
    // A new option is placed in the pack's order; an existing one keeps its place and parent.
    await tx.query(
      `INSERT INTO dictionary_option (tenant_sid, dictionary, key, label_zh, label_en, disabled, sort_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, coalesce($6, false), $7, $8, $8)
       ON CONFLICT (tenant_sid, dictionary, key) DO UPDATE SET label_zh = EXCLUDED.label_zh, label_en = EXCLUDED.label_en,
         disabled = coalesce($6, dictionary_option.disabled), updated_at = EXCLUDED.updated_at`,
      [
        ctx.tenantSid,
        dictionary.name,
        option.key,
        option.label_zh,
        option.label_en,
        option.disabled ?? null,
        index,
        ctx.now,
      ],
    );
  }
}

/** The tenant's whole menu tree replaced by the pack's; answers how many menus went and came. */
async function replaceMenus(
  tx: Queryable,
  ctx: PackWrite,
  menus: readonly PackMenu[],
): Promise<{ removed: number; inserted: number }> {
  // Under the seeding lock: a tenant's first menu read at the same time must not add the defaults
  // beside the pack's tree once this commits.
  await lockMenuTree(tx, ctx.tenantSid);
  // One statement: the parent references are checked once every row of the tenant is gone.
  const removed = await tx.query('DELETE FROM menu WHERE tenant_sid = $1 RETURNING sid', [ctx.tenantSid]);
  const inserted = await insertMenuTree(tx, ctx, menuSeeds(menus), null);
  // The pack's tree is the whole tree: today's defaults are not added to it later (newer ones are).
  await markDefaultsOffered(tx, ctx.tenantSid);
  return { removed: removed.length, inserted };
}

export interface PackToApply {
  roles: readonly PackRole[];
  dictionaries: readonly PackDictionary[];
  customFields: readonly PackCustomField[];
  /** Absent: the tenant's menus stay as they are. */
  menus?: readonly PackMenu[];
}

export interface Applied {
  /** Models whose published fields changed: their schema version went up. */
  models: string[];
  menus?: { removed: number; inserted: number };
}

export async function applyPack(tx: Queryable, ctx: PackWrite, content: PackToApply): Promise<Applied> {
  // Dictionaries first: an option field may use one the pack gives options.
  for (const dictionary of content.dictionaries) await upsertOptions(tx, ctx, dictionary);
  for (const field of content.customFields)
    await publishDefinition(tx, ctx, { model: field.model, code: field.code, definition: definitionOf(field) });
  const models = [...new Set(content.customFields.map((f) => f.model))];
  for (const model of models) await bumpSchemaVersion(tx, ctx.tenantSid, model);
  const menus = content.menus ? await replaceMenus(tx, ctx, content.menus) : undefined;
  for (const role of content.roles) await upsertRole(tx, ctx, role);
  return { models, menus };
}
