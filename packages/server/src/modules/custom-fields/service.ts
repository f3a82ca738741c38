// Custom fields: admins edit drafts; publishing a model applies its drafts at once and bumps the
// model's schema version for the tenant, which clients compare to know their cached schema is old
// (spec: publishing takes effect after re-login). Only published definitions shape data and search.
import { AppError, customKindAllowsMultiple, field, fieldKindOf, newSid, type FieldDeclaration } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import type { RequestContext } from '../../platform/context.js';
import type { ModelRegistry, ResolvedModel } from '../../platform/models/registry.js';
import { withCustomFields } from '../../platform/models/registry.js';
import { SYSTEM_TARGETS } from '../../platform/models/system-targets.js';
import {
  CUSTOM_CODE_PATTERN,
  checkDefinition,
  definitionSchema,
  flagsOf,
  LENGTH_CAP,
  type CustomFieldDefinition,
  type HasTarget,
} from './definition.js';

/**
 * The field a definition declares: its kind's data type and, for reference kinds, the kind's target, so
 * the records pipeline checks, titles, filters, exports and imports it as a declared field of that kind.
 */
export function declarationOf(definition: CustomFieldDefinition): FieldDeclaration {
  return field(fieldKindOf(definition.kind), {
    label: { zh: definition.name_zh, en: definition.name_en },
    required: definition.required,
    // Kinds that take one value only ignore the switch (the dialog does not offer it for them).
    multiple: customKindAllowsMultiple(definition.kind) && definition.multiple,
    minLength: definition.min_length ?? undefined,
    maxLength: definition.max_length ?? LENGTH_CAP[definition.kind],
    scale: definition.kind === 'money' ? 2 : undefined,
    dictionary: definition.dictionary ?? undefined,
    flags: flagsOf(definition),
  });
}

export interface CustomFieldRow {
  sid: string;
  model: string;
  code: string;
  published: CustomFieldDefinition | null;
  draft: CustomFieldDefinition | null;
  published_at: Date | null;
}

export async function listCustomFields(db: Queryable, tenantSid: string, model?: string): Promise<CustomFieldRow[]> {
  return db.query<CustomFieldRow>(
    `SELECT sid, model, code, published, draft, published_at FROM custom_field
      WHERE tenant_sid = $1 AND ($2::text IS NULL OR model = $2) ORDER BY model, created_at`,
    [tenantSid, model ?? null],
  );
}

/** The dictionaries the tenant has options in (an option field may use them besides the built-in ones). */
export async function tenantDictionaries(db: Queryable, tenantSid: string): Promise<Set<string>> {
  const rows = await db.query<{ dictionary: string }>(
    'SELECT DISTINCT dictionary FROM dictionary_option WHERE tenant_sid = $1',
    [tenantSid],
  );
  return new Set(rows.map((r) => r.dictionary));
}

export interface TenantModels {
  /** The model as the tenant sees it now: declared fields plus published custom fields. */
  resolve(tenantSid: string, name: string): Promise<ResolvedModel | undefined>;
  version(tenantSid: string, name: string): Promise<number>;
  invalidate(tenantSid: string, name: string): void;
  /** Whether the server holds a model of this name (every tenant has the same models). */
  has(name: string): boolean;
}

const RECHECK_MS = 2000;

export function tenantModels(db: Database, registry: ModelRegistry, now: () => Date): TenantModels {
  const cache = new Map<string, { model: ResolvedModel; version: number; checkedAt: number }>();
  const version = async (tenantSid: string, name: string) =>
    (
      await db.query<{ version: number }>(
        'SELECT version FROM model_schema_version WHERE tenant_sid = $1 AND model = $2',
        [tenantSid, name],
      )
    )[0]?.version ?? 0;
  return {
    version,
    invalidate: (tenantSid, name) => cache.delete(`${tenantSid}:${name}`),
    has: (name) => registry.get(name) !== undefined,
    async resolve(tenantSid, name) {
      const base = registry.get(name);
      if (!base) return undefined;
      const key = `${tenantSid}:${name}`;
      const cached = cache.get(key);
      const at = now().getTime();
      if (cached && at - cached.checkedAt < RECHECK_MS) return cached.model;
      const current = await version(tenantSid, name);
      if (cached && cached.version === current) {
        cached.checkedAt = at;
        return cached.model;
      }
      const rows =
        current === 0
          ? []
          : (await listCustomFields(db, tenantSid, name)).filter(
              (r) => r.published && CUSTOM_CODE_PATTERN.test(r.code),
            );
      const model = withCustomFields(
        base,
        rows.map((r) => ({ code: r.code, declaration: declarationOf(r.published!) })),
      );
      cache.set(key, { model, version: current, checkedAt: at });
      return model;
    },
  };
}

/** What custom-field administration works with: the database and the tenant's models (cached). */
export interface CustomFieldDeps {
  db: Database;
  models: TenantModels;
}

/** Where and when a custom field is written: the tenant, and the time it is stamped with. */
type FieldWrite = Pick<RequestContext, 'tenantSid' | 'now'>;
/** An administrator's edit: also the language a refused kind is named in. */
type FieldEdit = FieldWrite & Pick<RequestContext, 'language'>;

/** A reference kind's target exists: a model the tenant's registry holds, or a system table. */
function targetsOf(models: TenantModels): HasTarget {
  return (name) => Object.hasOwn(SYSTEM_TARGETS, name) || models.has(name);
}

export async function createCustomField(
  { db, models }: CustomFieldDeps,
  ctx: FieldEdit,
  input: { model: string; code: string; definition: unknown },
): Promise<CustomFieldRow> {
  const { tenantSid } = ctx;
  const model = await models.resolve(tenantSid, input.model);
  if (!model) throw new AppError('modelNotFound', { params: { model: input.model } });
  const definition = definitionSchema.parse(input.definition);
  const others = await listCustomFields(db, tenantSid, input.model);
  if (others.some((o) => o.code.toLowerCase() === input.code.toLowerCase())) {
    throw new AppError('fieldRule', {
      issues: [
        {
          field: 'code',
          labelKey: 'field.customField',
          messageKey: 'customField.codeTaken',
          params: { code: input.code },
        },
      ],
    });
  }
  checkDefinition(
    model,
    input.code,
    definition,
    await tenantDictionaries(db, tenantSid),
    targetsOf(models),
    ctx.language,
  );
  const rows = await db.query<CustomFieldRow>(
    `INSERT INTO custom_field (sid, tenant_sid, model, code, draft, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
     RETURNING sid, model, code, published, draft, published_at`,
    [newSid(), tenantSid, input.model, input.code, JSON.stringify(definition), ctx.now],
  );
  return rows[0]!;
}

export async function updateCustomField(
  { db, models }: CustomFieldDeps,
  ctx: FieldEdit,
  input: { sid: string; definition: unknown },
): Promise<CustomFieldRow> {
  const { tenantSid } = ctx;
  const { sid } = input;
  const existing = (
    await db.query<CustomFieldRow>(
      'SELECT sid, model, code, published, draft, published_at FROM custom_field WHERE sid = $1 AND tenant_sid = $2',
      [sid, tenantSid],
    )
  )[0];
  if (!existing) throw new AppError('recordNotFound');
  const definition = definitionSchema.parse(input.definition);
  const base = await models.resolve(tenantSid, existing.model);
  // Check against the model without this field itself, so its own code does not count as taken.
  const withoutSelf = base
    ? { ...base, fields: new Map([...base.fields].filter(([name]) => name !== existing.code)) }
    : undefined;
  if (withoutSelf)
    checkDefinition(
      withoutSelf,
      existing.code,
      definition,
      await tenantDictionaries(db, tenantSid),
      targetsOf(models),
      ctx.language,
    );
  const rows = await db.query<CustomFieldRow>(
    'UPDATE custom_field SET draft = $3, updated_at = $4 WHERE sid = $1 AND tenant_sid = $2 RETURNING sid, model, code, published, draft, published_at',
    [sid, tenantSid, JSON.stringify(definition), ctx.now],
  );
  return rows[0]!;
}

/** Applies every draft of the model at once; returns the new schema version. */
export async function publishCustomFields(
  { db, models }: CustomFieldDeps,
  ctx: FieldWrite,
  input: { model: string },
): Promise<number> {
  const { tenantSid } = ctx;
  const version = await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE custom_field SET published = draft, draft = NULL, published_at = $3, updated_at = $3 WHERE tenant_sid = $1 AND model = $2 AND draft IS NOT NULL',
      [tenantSid, input.model, ctx.now],
    );
    return bumpSchemaVersion(tx, tenantSid, input.model);
  });
  models.invalidate(tenantSid, input.model);
  return version;
}

/**
 * Counts a change of the model's published fields, in the caller's transaction; answers the new
 * version. The caller invalidates its TenantModels cache once the transaction has committed.
 */
export async function bumpSchemaVersion(tx: Queryable, tenantSid: string, model: string): Promise<number> {
  const rows = await tx.query<{ version: number }>(
    `INSERT INTO model_schema_version (tenant_sid, model, version) VALUES ($1, $2, 1)
     ON CONFLICT (tenant_sid, model) DO UPDATE SET version = model_schema_version.version + 1 RETURNING version`,
    [tenantSid, model],
  );
  return rows[0]!.version;
}

/**
 * Writes a checked definition straight to published, in the caller's transaction (configuration
 * packs): the model's field of that code in any letter case is replaced and keeps its identifier (the
 * stored values are under it), or the field is created. A pending draft is dropped, since publishing
 * it later would silently undo what was written. The caller bumps the schema version once per model.
 */
export async function publishDefinition(
  tx: Queryable,
  ctx: FieldWrite,
  input: { model: string; code: string; definition: CustomFieldDefinition },
): Promise<CustomFieldRow> {
  const { tenantSid } = ctx;
  const [existing] = await tx.query<{ sid: string }>(
    `SELECT sid FROM custom_field WHERE tenant_sid = $1 AND model = $2 AND lower(code) = lower($3)
      ORDER BY created_at, sid LIMIT 1 FOR UPDATE`,
    [tenantSid, input.model, input.code],
  );
  const definition = JSON.stringify(input.definition);
  const rows = existing
    ? await tx.query<CustomFieldRow>(
        `UPDATE custom_field SET published = $3, draft = NULL, published_at = $4, updated_at = $4
          WHERE sid = $1 AND tenant_sid = $2 RETURNING sid, model, code, published, draft, published_at`,
        [existing.sid, tenantSid, definition, ctx.now],
      )
    : await tx.query<CustomFieldRow>(
        `INSERT INTO custom_field (sid, tenant_sid, model, code, published, published_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $6) RETURNING sid, model, code, published, draft, published_at`,
        [newSid(), tenantSid, input.model, input.code, definition, ctx.now],
      );
  return rows[0]!;
}
