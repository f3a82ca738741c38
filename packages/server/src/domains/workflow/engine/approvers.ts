// Who approves a step (spec §4 approver choices), resolved when a token enters it, and the leaders of
// level-by-level approval. Only active accounts of the tenant are ever chosen.
//
// Interpretations (the spec names the choices only):
// - department: the people (person records) of those departments with an account; company and
//   crossCompany: the members of those companies (company with no values: the instance's company).
// - orgLevel n: the leader of the department n levels below the top of the starter's department chain.
// - leader: the starter's nearest leader up the department chain (not the starter themself).
// - secondaryPrincipal, ipSupervisor, ipr, contacts: holders of the role with that code (camelCase or
//   snake_case, e.g. ip_supervisor; other codes when values are given) who belong to the instance's company.
// - userField: users held by those fields of the business record; starter: the starter.
import { AppError, MAX_APPROVAL_LEVEL, personModel, tableOf, type ApproverRule, type UserTaskNode } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { stepRecord } from './record.js';
import type { Step } from './step.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const ROLE_KINDS = new Set(['secondaryPrincipal', 'ipSupervisor', 'ipr', 'contacts']);

/** Keeps the first occurrence of each, in order. */
function distinct(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** Of these users, the active accounts of the tenant, in the given order. */
export async function activeUsers(tx: Queryable, tenantSid: string, sids: readonly string[]): Promise<string[]> {
  if (sids.length === 0) return [];
  const rows = await tx.query<{ sid: string }>(
    'SELECT sid FROM user_account WHERE tenant_sid = $1 AND status = 1 AND sid = ANY($2::text[])',
    [tenantSid, distinct(sids)],
  );
  const active = new Set(rows.map((r) => r.sid));
  return distinct(sids).filter((sid) => active.has(sid));
}

export async function tenantAdmins(tx: Queryable, tenantSid: string): Promise<string[]> {
  const rows = await tx.query<{ sid: string }>(
    'SELECT sid FROM user_account WHERE tenant_sid = $1 AND is_tenant_admin AND status = 1 ORDER BY created_at, sid',
    [tenantSid],
  );
  return rows.map((r) => r.sid);
}

async function roleHolders(
  tx: Queryable,
  tenantSid: string,
  codes: readonly string[],
  companySid: string | null,
): Promise<string[]> {
  const rows = await tx.query<{ user_sid: string }>(
    `SELECT DISTINCT ur.user_sid FROM user_role ur JOIN role r ON r.sid = ur.role_sid
      WHERE r.tenant_sid = $1 AND r.status = 1 AND lower(r.code) = ANY($2::text[])
        AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM user_company uc WHERE uc.user_sid = ur.user_sid AND uc.company_sid = $3))
      ORDER BY ur.user_sid`,
    [tenantSid, codes.map((c) => c.toLowerCase()), companySid],
  );
  return rows.map((r) => r.user_sid);
}

async function companyMembers(tx: Queryable, tenantSid: string, companySids: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ user_sid: string }>(
    `SELECT uc.user_sid FROM user_company uc JOIN company c ON c.sid = uc.company_sid
      WHERE c.tenant_sid = $1 AND uc.company_sid = ANY($2::text[])
      ORDER BY uc.sort_by, uc.user_sid`,
    [tenantSid, companySids],
  );
  return rows.map((r) => r.user_sid);
}

function personTable(step: Step): string {
  return step.deps.registry.get(personModel.name)?.table ?? tableOf(personModel);
}

async function departmentMembers(step: Step, departmentSids: readonly string[]): Promise<string[]> {
  const rows = await step.tx.query<{ account_user: string }>(
    `SELECT account_user FROM ${personTable(step)}
      WHERE tenant_sid = $1 AND department = ANY($2::text[]) AND account_user IS NOT NULL AND status = 'active'
      ORDER BY name, sid`,
    [step.instance.tenantSid, departmentSids],
  );
  return rows.map((r) => r.account_user);
}

interface ChainLink {
  sid: string;
  leader_sid: string | null;
}

/** The starter's department and its ancestors, nearest first (empty: the starter has no department). */
async function starterChain(step: Step): Promise<ChainLink[]> {
  const people = await step.tx.query<{ department: string | null }>(
    `SELECT department FROM ${personTable(step)}
      WHERE tenant_sid = $1 AND account_user = $2 AND department IS NOT NULL
      ORDER BY (status = 'active') DESC, updated_at DESC LIMIT 1`,
    [step.instance.tenantSid, step.instance.starterSid],
  );
  const department = people[0]?.department;
  if (!department) return [];
  return step.tx.query<ChainLink>(
    `WITH RECURSIVE chain AS (
       SELECT sid, parent_sid, leader_sid, 1 AS depth FROM department WHERE sid = $1 AND tenant_sid = $2
       UNION ALL
       SELECT d.sid, d.parent_sid, d.leader_sid, c.depth + 1
         FROM department d JOIN chain c ON d.sid = c.parent_sid
        WHERE c.depth < 64 AND d.tenant_sid = $2
     )
     SELECT sid, leader_sid FROM chain ORDER BY depth`,
    [department, step.instance.tenantSid],
  );
}

/**
 * Level-by-level approval (spec §5: 1 to 8 levels): the leaders of the starter's department chain, one per
 * level, nearest first. Departments the starter leads themself are below their first level (a department
 * head's first level is the leader above them); a level without a leader, or led by an inactive account, is
 * skipped; a leader already chosen for a lower level is not asked twice.
 */
export async function levelLeaders(step: Step, levels: number): Promise<string[]> {
  if (!Number.isInteger(levels) || levels < 1 || levels > MAX_APPROVAL_LEVEL) throw new AppError('levelApproveError');
  const chain = await starterChain(step);
  const starter = step.instance.starterSid;
  let first = 0;
  while (first < chain.length && chain[first]!.leader_sid === starter) first += 1;
  const leaders = chain
    .slice(first, first + levels)
    .map((link) => link.leader_sid)
    .filter((sid): sid is string => sid !== null && sid !== starter);
  return activeUsers(step.tx, step.instance.tenantSid, leaders);
}

async function usersOfRule(step: Step, rule: ApproverRule): Promise<string[]> {
  const { tx, instance } = step;
  const tenantSid = instance.tenantSid;
  switch (rule.kind) {
    case 'user':
      return rule.values;
    case 'starter':
      return [instance.starterSid];
    case 'role':
      return roleHolders(tx, tenantSid, rule.values, null);
    case 'department':
      return departmentMembers(step, rule.values);
    case 'company':
      return companyMembers(
        tx,
        tenantSid,
        rule.values.length > 0 ? rule.values : [instance.companySid ?? instance.tenantSid],
      );
    case 'crossCompany':
      return companyMembers(tx, tenantSid, rule.values);
    case 'leader': {
      const chain = await starterChain(step);
      const leader = chain.map((l) => l.leader_sid).find((sid) => sid !== null && sid !== instance.starterSid);
      return leader ? [leader] : [];
    }
    case 'orgLevel': {
      const topDown = (await starterChain(step)).reverse();
      return rule.values
        .map((value) => topDown[Number(value) - 1]?.leader_sid ?? null)
        .filter((sid): sid is string => sid !== null);
    }
    case 'userField': {
      const record = await stepRecord(step);
      return rule.values.flatMap((field) => {
        const value = record[field];
        if (typeof value === 'string') return [value];
        return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      });
    }
    default: {
      if (!ROLE_KINDS.has(rule.kind)) return [];
      const codes = rule.values.length > 0 ? rule.values : [rule.kind, snake(rule.kind)];
      return roleHolders(tx, tenantSid, codes, instance.companySid ?? instance.tenantSid);
    }
  }
}

/** The users of these rules, in rule order, each once, active accounts only (approvers, cc). */
export async function resolveRules(step: Step, rules: readonly ApproverRule[]): Promise<string[]> {
  const found: string[] = [];
  for (const rule of rules) found.push(...(await usersOfRule(step, rule)));
  return activeUsers(step.tx, step.instance.tenantSid, found);
}

/** The approvers of a step by its rules, in rule order, each once, active accounts only. */
export function resolveApprovers(step: Step, node: UserTaskNode): Promise<string[]> {
  return resolveRules(step, node.approvers);
}
