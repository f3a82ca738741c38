// What a signed-in user may do, loaded once per user and permission version: the resources their
// active roles of their platform grant, field rules and data scopes per model, desensitisation and the
// personnel selection range. Tenant administrators (system administrators) hold everything. Every
// permission-relevant write bumps the tenant's access_version, which the per-request session query
// reads, so a change applies to the next request without a per-request permission read.
import {
  combineFieldAccess,
  grantable,
  personModel,
  tableOf,
  type ClientSide,
  type ResourceCatalog,
  type DataScope,
  type FieldAccess,
  type PickRange,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';

/** Which records of one model the user sees: the union of their roles' scopes. */
export interface ScopeGrant {
  all: boolean;
  company: boolean;
  department: boolean;
  departments: readonly string[];
  own: boolean;
}

export interface Access {
  /** Tenant administrator: every resource, no field rule, every record. */
  admin: boolean;
  roleSids: readonly string[];
  resources: ReadonlySet<string>;
  /** Effective rule per model and field (absent: full access). */
  fieldRules(model: string): ReadonlyMap<string, FieldAccess>;
  dataScope(model: string): ScopeGrant;
  showSensitive: boolean;
  pickRange: PickRange;
  /** The user's companies (memberships), for the company scope. */
  companySids: readonly string[];
  /** The user's person record and department, for the department scope. */
  personSid: string | undefined;
  departmentSid: string | undefined;
}

export interface AccessSubject {
  userSid: string;
  tenantSid: string;
  side: ClientSide;
  isTenantAdmin: boolean;
}

const EVERYTHING: ScopeGrant = { all: true, company: false, department: false, departments: [], own: false };
const NO_RULES: ReadonlyMap<string, FieldAccess> = new Map();

interface RoleRow {
  sid: string;
  show_sensitive: boolean;
  pick_range: PickRange;
  data_scope: DataScope;
  data_departments: string[];
}

const PICK_ORDER: Record<PickRange, number> = { department: 0, company: 1, all: 2 };

function grantOf(scopes: ReadonlyArray<{ scope: DataScope; departments: readonly string[] }>): ScopeGrant {
  const grant = { all: false, company: false, department: false, departments: [] as string[], own: false };
  for (const { scope, departments } of scopes) {
    if (scope === 'departments') grant.departments.push(...departments.filter((d) => !grant.departments.includes(d)));
    else grant[scope] = true;
  }
  return grant.all ? EVERYTHING : grant;
}

/** A system administrator's access: everything. */
export function administratorAccess(
  catalog: ResourceCatalog,
  base: Pick<Access, 'companySids' | 'personSid' | 'departmentSid'> = {
    companySids: [],
    personSid: undefined,
    departmentSid: undefined,
  },
): Access {
  return {
    ...base,
    admin: true,
    roleSids: [],
    resources: new Set(catalog.all.map((r) => r.code)),
    fieldRules: () => NO_RULES,
    dataScope: () => EVERYTHING,
    showSensitive: true,
    pickRange: 'all',
  };
}

export async function loadAccess(db: Queryable, catalog: ResourceCatalog, subject: AccessSubject): Promise<Access> {
  const [companies, persons] = await Promise.all([
    db.query<{ company_sid: string }>('SELECT company_sid FROM user_company WHERE user_sid = $1', [subject.userSid]),
    db.query<{ sid: string; department: string | null }>(
      `SELECT sid, department FROM ${tableOf(personModel)} WHERE tenant_sid = $1 AND account_user = $2 LIMIT 1`,
      [subject.tenantSid, subject.userSid],
    ),
  ]);
  const base = {
    companySids: companies.map((c) => c.company_sid),
    personSid: persons[0]?.sid,
    departmentSid: persons[0]?.department ?? undefined,
  };
  if (subject.isTenantAdmin) return administratorAccess(catalog, base);
  const roles = await db.query<RoleRow>(
    `SELECT r.sid, r.show_sensitive, r.pick_range, r.data_scope, r.data_departments
       FROM user_role ur JOIN role r ON r.sid = ur.role_sid
      WHERE ur.user_sid = $1 AND r.tenant_sid = $2 AND r.status = 1 AND r.platform = $3`,
    [subject.userSid, subject.tenantSid, subject.side],
  );
  const roleSids = roles.map((r) => r.sid);
  const [granted, fieldRows, scopeRows] = roleSids.length
    ? await Promise.all([
        db.query<{ resource_code: string }>(
          'SELECT DISTINCT resource_code FROM role_resource WHERE role_sid = ANY($1::text[])',
          [roleSids],
        ),
        db.query<{ role_sid: string; model: string; field: string; access: FieldAccess }>(
          'SELECT role_sid, model, field, access FROM role_field_rule WHERE role_sid = ANY($1::text[])',
          [roleSids],
        ),
        db.query<{ role_sid: string; model: string; scope: DataScope; department_sids: string[] }>(
          'SELECT role_sid, model, scope, department_sids FROM role_data_scope WHERE role_sid = ANY($1::text[])',
          [roleSids],
        ),
      ])
    : [[], [], []];
  // A stored grant the platform may not hold (a level changed since) is ignored, not honoured.
  const resources = new Set(catalog.all.filter((r) => r.level === 'open').map((r) => r.code));
  for (const { resource_code } of granted) {
    const resource = catalog.byCode(resource_code);
    if (resource && grantable(resource, subject.side)) resources.add(resource_code);
  }

  const fieldCache = new Map<string, ReadonlyMap<string, FieldAccess>>();
  const fieldRules = (model: string): ReadonlyMap<string, FieldAccess> => {
    let rules = fieldCache.get(model);
    if (!rules) {
      const rows = fieldRows.filter((r) => r.model === model);
      const combined = new Map<string, FieldAccess>();
      for (const field of new Set(rows.map((r) => r.field))) {
        const perRole = roleSids.map((role) => rows.find((r) => r.role_sid === role && r.field === field)?.access);
        const rule = combineFieldAccess(perRole);
        if (rule) combined.set(field, rule);
      }
      rules = combined;
      fieldCache.set(model, rules);
    }
    return rules;
  };

  const scopeCache = new Map<string, ScopeGrant>();
  const dataScope = (model: string): ScopeGrant => {
    let grant = scopeCache.get(model);
    if (!grant) {
      grant = grantOf(
        roles.map((role) => {
          const row = scopeRows.find((r) => r.role_sid === role.sid && r.model === model);
          return row
            ? { scope: row.scope, departments: row.department_sids }
            : { scope: role.data_scope, departments: role.data_departments };
        }),
      );
      scopeCache.set(model, grant);
    }
    return grant;
  };

  return {
    ...base,
    admin: false,
    roleSids,
    resources,
    fieldRules,
    // No role: nothing but the user's own records (deny by default).
    dataScope: roles.length ? dataScope : () => grantOf([{ scope: 'own', departments: [] }]),
    showSensitive: roles.some((r) => r.show_sensitive),
    pickRange: roles.reduce<PickRange>(
      (widest, r) => (PICK_ORDER[r.pick_range] > PICK_ORDER[widest] ? r.pick_range : widest),
      'department',
    ),
  };
}

/** Principals' access by user, valid while the tenant's access_version is unchanged. */
export interface AccessCache {
  readonly catalog: ResourceCatalog;
  get(db: Queryable, subject: AccessSubject, version: number): Promise<Access>;
}

export function createAccessCache(catalog: ResourceCatalog, limit = 10_000): AccessCache {
  const entries = new Map<string, { version: number; admin: boolean; access: Promise<Access> }>();
  return {
    catalog,
    get(db, subject, version) {
      const hit = entries.get(subject.userSid);
      if (hit && hit.version === version && hit.admin === subject.isTenantAdmin) return hit.access;
      const access = loadAccess(db, catalog, subject);
      entries.delete(subject.userSid);
      entries.set(subject.userSid, { version, admin: subject.isTenantAdmin, access });
      // A failed load is not cached.
      access.catch(() => entries.delete(subject.userSid));
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
      return access;
    },
  };
}

/** Call in the transaction of any write that changes who may do what in the tenant. */
export async function bumpAccessVersion(tx: Queryable, tenantSid: string): Promise<void> {
  await tx.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [tenantSid]);
}
