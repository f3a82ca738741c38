// A role's permissions (spec §6): the resources it grants, its field rules, its default data scope and
// per-model scopes. Saving replaces them all in one transaction, checked against the resource
// catalogue, the role's platform, the tenant's models and departments, and refreshes cached access.
import {
  AppError,
  grantable,
  type DataScope,
  type FieldAccess,
  type MessageKey,
  type ResourceCatalog,
  type RolePlatform,
  type TranslateParams,
} from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';
import type { TenantModels } from '../custom-fields/service.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { bumpAccessVersion } from './access.js';
import type { RequestContext } from '../../platform/context.js';

export interface FieldRule {
  model: string;
  field: string;
  access: FieldAccess;
}

export interface ModelScope {
  model: string;
  scope: DataScope;
  department_sids: string[];
}

export interface RolePermissions {
  sid: string;
  version: number;
  resources: string[];
  field_rules: FieldRule[];
  data_scope: DataScope;
  data_departments: string[];
  model_scopes: ModelScope[];
}

export type PermissionsInput = Omit<RolePermissions, 'data_departments'> & { data_departments?: string[] };

export function invalid(field: string, labelKey: MessageKey, messageKey: MessageKey, params?: TranslateParams): never {
  throw new AppError('validation', { issues: [{ field, labelKey, messageKey, ...(params ? { params } : {}) }] });
}

/**
 * The departments to store with a scope: only the "specified departments" scope keeps them, it needs at
 * least one, and each must be a department of the tenant (else 500001 naming the field).
 */
export async function scopeDepartments(
  q: Queryable,
  tenantSid: string,
  scope: DataScope,
  departments: readonly string[],
  field: string,
  labelKey: MessageKey,
): Promise<string[]> {
  if (scope !== 'departments') return [];
  const wanted = [...new Set(departments)];
  if (wanted.length === 0) invalid(field, labelKey, 'validation.roleScopeDepartments');
  const found = await q.query<{ sid: string }>(
    'SELECT sid FROM department WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
    [tenantSid, wanted],
  );
  const known = new Set(found.map((d) => d.sid));
  const unknown = wanted.find((sid) => !known.has(sid));
  if (unknown !== undefined) invalid(field, labelKey, 'validation.roleDepartmentUnknown', { sid: unknown });
  return wanted;
}

export async function readPermissions(q: Queryable, tenantSid: string, sid: string): Promise<RolePermissions> {
  const roles = await q.query<{ version: number; data_scope: DataScope; data_departments: string[] }>(
    'SELECT version, data_scope, data_departments FROM role WHERE sid = $1 AND tenant_sid = $2',
    [sid, tenantSid],
  );
  const role = roles[0];
  if (!role) throw new AppError('recordNotFound');
  // One after another: the caller may pass a transaction, which runs one statement at a time.
  const resources = await q.query<{ resource_code: string }>(
    'SELECT resource_code FROM role_resource WHERE role_sid = $1 ORDER BY resource_code',
    [sid],
  );
  const rules = await q.query<FieldRule>(
    'SELECT model, field, access FROM role_field_rule WHERE role_sid = $1 ORDER BY model, field',
    [sid],
  );
  const scopes = await q.query<ModelScope>(
    'SELECT model, scope, department_sids FROM role_data_scope WHERE role_sid = $1 ORDER BY model',
    [sid],
  );
  return {
    sid,
    version: role.version,
    resources: resources.map((r) => r.resource_code),
    field_rules: rules,
    data_scope: role.data_scope,
    data_departments: role.data_departments,
    model_scopes: scopes,
  };
}

/** Field rules name a model the tenant has and one of its own fields (system fields stay readable). */
async function checkFieldRules(models: TenantModels, tenantSid: string, rules: readonly FieldRule[]): Promise<void> {
  const seen = new Set<string>();
  for (const rule of rules) {
    const model = await models.resolve(tenantSid, rule.model);
    if (!model) invalid('field_rules', 'field.roleFieldRules', 'validation.roleModelUnknown', { model: rule.model });
    const field = model.fields.get(rule.field);
    const params = { model: rule.model, field: rule.field };
    if (!field || field.system) invalid('field_rules', 'field.roleFieldRules', 'validation.roleFieldUnknown', params);
    const key = `${rule.model}.${rule.field}`;
    if (seen.has(key)) invalid('field_rules', 'field.roleFieldRules', 'validation.roleRuleDuplicate', params);
    seen.add(key);
  }
}

function checkModelScopes(registry: ModelRegistry, scopes: readonly ModelScope[]): void {
  const seen = new Set<string>();
  for (const { model } of scopes) {
    if (!registry.get(model))
      invalid('model_scopes', 'field.roleModelScopes', 'validation.roleModelUnknown', { model });
    if (seen.has(model)) invalid('model_scopes', 'field.roleModelScopes', 'validation.roleScopeDuplicate', { model });
    seen.add(model);
  }
}

/** Every resource must be in the catalogue (400308) and grantable to a role of the platform (400307). */
function checkResources(catalog: ResourceCatalog, platform: RolePlatform, codes: readonly string[]): void {
  for (const code of codes) {
    const resource = catalog.byCode(code);
    if (!resource) throw new AppError('resourceUnknown', { params: { resource: code } });
    if (!grantable(resource, platform)) throw new AppError('resourceNotGrantable', { params: { resource: code } });
  }
}

export interface PermissionsDeps {
  db: Database;
  registry: ModelRegistry;
  models: TenantModels;
}

/** Replaces all of a role's permissions at the version the caller read (stale: 409000). */
export async function savePermissions(
  { db, registry, models }: PermissionsDeps,
  ctx: RequestContext,
  input: PermissionsInput,
): Promise<RolePermissions> {
  // Before the transaction: resolving a model may read the tenant's custom fields.
  await checkFieldRules(models, ctx.tenantSid, input.field_rules);
  checkModelScopes(registry, input.model_scopes);
  return db.transaction(async (tx) => {
    const roles = await tx.query<{ platform: RolePlatform; version: number }>(
      'SELECT platform, version FROM role WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE',
      [input.sid, ctx.tenantSid],
    );
    const role = roles[0];
    if (!role) throw new AppError('recordNotFound');
    if (role.version !== input.version) throw new AppError('conflict');
    const resources = [...new Set(input.resources)];
    checkResources(registry.resources, role.platform, resources);
    const departments = await scopeDepartments(
      tx,
      ctx.tenantSid,
      input.data_scope,
      input.data_departments ?? [],
      'data_departments',
      'field.roleDataDepartments',
    );
    const scopes: ModelScope[] = [];
    for (const s of input.model_scopes) {
      const sids = await scopeDepartments(
        tx,
        ctx.tenantSid,
        s.scope,
        s.department_sids,
        'model_scopes',
        'field.roleModelScopes',
      );
      scopes.push({ model: s.model, scope: s.scope, department_sids: sids });
    }
    const before = await readPermissions(tx, ctx.tenantSid, input.sid);

    await tx.query('DELETE FROM role_resource WHERE role_sid = $1', [input.sid]);
    await tx.query('DELETE FROM role_field_rule WHERE role_sid = $1', [input.sid]);
    await tx.query('DELETE FROM role_data_scope WHERE role_sid = $1', [input.sid]);
    await tx.query(
      'INSERT INTO role_resource (role_sid, resource_code) SELECT $1, code FROM unnest($2::text[]) AS code',
      [input.sid, resources],
    );
    await tx.query(
      `INSERT INTO role_field_rule (role_sid, model, field, access)
       SELECT $1, r.model, r.field, r.access FROM unnest($2::text[], $3::text[], $4::text[]) AS r(model, field, access)`,
      [
        input.sid,
        input.field_rules.map((r) => r.model),
        input.field_rules.map((r) => r.field),
        input.field_rules.map((r) => r.access),
      ],
    );
    for (const s of scopes)
      await tx.query(
        'INSERT INTO role_data_scope (role_sid, model, scope, department_sids) VALUES ($1, $2, $3, $4::text[])',
        [input.sid, s.model, s.scope, s.department_sids],
      );
    await tx.query(
      `UPDATE role SET data_scope = $3, data_departments = $4::text[], version = version + 1, updated_at = $5
        WHERE sid = $1 AND tenant_sid = $2`,
      [input.sid, ctx.tenantSid, input.data_scope, departments, ctx.now],
    );
    await bumpAccessVersion(tx, ctx.tenantSid);
    const after = await readPermissions(tx, ctx.tenantSid, input.sid);
    const { sid: _beforeSid, version: _beforeVersion, ...was } = before;
    const { sid: _afterSid, ...now } = after;
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'role.permissions_saved',
      target: `role:${input.sid}`,
      detail: { before: was, after: now },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return after;
  });
}

/** Gives a new role the same permissions as another (role copy), in the caller's transaction. */
export async function copyPermissions(tx: Queryable, fromSid: string, toSid: string): Promise<void> {
  await tx.query(
    'INSERT INTO role_resource (role_sid, resource_code) SELECT $2, resource_code FROM role_resource WHERE role_sid = $1',
    [fromSid, toSid],
  );
  await tx.query(
    `INSERT INTO role_field_rule (role_sid, model, field, access)
     SELECT $2, model, field, access FROM role_field_rule WHERE role_sid = $1`,
    [fromSid, toSid],
  );
  await tx.query(
    `INSERT INTO role_data_scope (role_sid, model, scope, department_sids)
     SELECT $2, model, scope, department_sids FROM role_data_scope WHERE role_sid = $1`,
    [fromSid, toSid],
  );
}
