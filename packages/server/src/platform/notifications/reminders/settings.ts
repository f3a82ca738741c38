// A tenant's reminder settings (tenant_notification_settings: lead times per deadline type, escalation):
// read with the defaults filled in, and saved by an administrator with its audit entry, refused (409000)
// when someone saved since the caller read them. The types a tenant may set are the categories and the rule
// codes its deadlines can carry (every rule pack's and every docketed model's rules); another is refused.
import {
  AppError,
  DEFAULT_ESCALATE_WITHIN_DAYS,
  LEAD_TIME_CATEGORIES,
  RULE_PACKS,
  effectiveLeadTimes,
  labelIn,
  leadTimeProblem,
  sortLeadTimes,
  translate,
  type Label,
  type Language,
  type LeadTimes,
  type MessageKey,
} from '@ipdesk/core';
import type { Database, Queryable } from '../../../db/database.js';
import { unchangedSince } from '../../../db/setting-version.js';
import { audit } from '../../../modules/accounts/context.js';
import type { RequestContext } from '../../context.js';
import type { ModelRegistry } from '../../models/registry.js';

export interface ReminderSettingsInput {
  lead_times: Record<string, number[]>;
  escalate_within_days: number;
}

/** One type a tenant may set lead times for, with its name in the reader's language. */
export interface LeadTimeType {
  type: string;
  kind: 'category' | 'rule';
  label: string;
}

export interface ReminderSettingsAnswer extends ReminderSettingsInput {
  /** The lead times in force per type (defaults filled in), farthest first. */
  types: LeadTimeType[];
  updated_at: Date | null;
}

/** What the reminder run needs of a tenant's settings. */
export interface TenantReminderSettings {
  leadTimes: Record<string, number[]>;
  escalateWithinDays: number;
}

/** Every rule a tenant's deadlines can carry, with its label: the patent rule packs' and each docketed model's. */
export function reminderRules(registry: ModelRegistry): Map<string, Label> {
  const rules = new Map<string, Label>();
  for (const pack of RULE_PACKS) for (const rule of pack.rules) rules.set(rule.code, rule.label);
  for (const model of registry.docketed())
    for (const rule of model.declaration.docket?.rules ?? []) rules.set(rule.code, rule.label);
  return rules;
}

export function leadTimeTypes(registry: ModelRegistry, language: Language): LeadTimeType[] {
  return [
    ...LEAD_TIME_CATEGORIES.map((type) => ({
      type,
      kind: 'category' as const,
      label: translate(language, `reminders.category.${type}` as MessageKey),
    })),
    ...[...reminderRules(registry)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, label]) => ({ type, kind: 'rule' as const, label: `${type} · ${labelIn(label, language)}` })),
  ];
}

async function storedRow(
  db: Queryable,
  tenantSid: string,
): Promise<{ lead_times: LeadTimes; escalate_within_days: number; updated_at: Date } | undefined> {
  const [row] = await db.query<{ lead_times: LeadTimes; escalate_within_days: number; updated_at: Date }>(
    `SELECT lead_times, escalate_within_days, date_trunc('milliseconds', reminders_updated_at) AS updated_at
       FROM tenant_notification_settings WHERE tenant_sid = $1`,
    [tenantSid],
  );
  return row;
}

/** The tenant's lead times in force (defaults under its own) and escalation, for the reminder run. */
export async function tenantReminderSettings(db: Queryable, tenantSid: string): Promise<TenantReminderSettings> {
  const row = await storedRow(db, tenantSid);
  return {
    leadTimes: effectiveLeadTimes(row?.lead_times ?? {}),
    escalateWithinDays: row?.escalate_within_days ?? DEFAULT_ESCALATE_WITHIN_DAYS,
  };
}

export async function readReminderSettings(
  deps: { db: Database; registry: ModelRegistry },
  ctx: Pick<RequestContext, 'tenantSid' | 'language'>,
): Promise<ReminderSettingsAnswer> {
  const row = await storedRow(deps.db, ctx.tenantSid);
  return {
    lead_times: effectiveLeadTimes(row?.lead_times ?? {}),
    escalate_within_days: row?.escalate_within_days ?? DEFAULT_ESCALATE_WITHIN_DAYS,
    types: leadTimeTypes(deps.registry, ctx.language),
    updated_at: row?.updated_at ?? null,
  };
}

const PROBLEM_MESSAGES = {
  unknownType: 'validation.leadTimeUnknownType',
  duplicate: 'validation.leadTimeDuplicate',
  tooMany: 'validation.leadTimeTooMany',
  outOfRange: 'validation.leadTimeRange',
} as const satisfies Record<string, MessageKey>;

/** Refuses the whole save (500001) naming every type whose list is wrong, in the caller's language. */
function checkLeadTimes(registry: ModelRegistry, leadTimes: Record<string, number[]>): void {
  const known = new Set<string>([...LEAD_TIME_CATEGORIES, ...reminderRules(registry).keys()]);
  const issues = Object.entries(leadTimes).flatMap(([type, days]) => {
    const problem = leadTimeProblem(type, days, known);
    return problem
      ? [
          {
            field: `lead_times.${type}`,
            labelKey: 'field.leadTimes' as const,
            messageKey: PROBLEM_MESSAGES[problem],
            params: { type },
          },
        ]
      : [];
  });
  if (issues.length) throw new AppError('validation', { issues });
}

export async function updateReminderSettings(
  deps: { db: Database; registry: ModelRegistry },
  ctx: RequestContext,
  input: ReminderSettingsInput & { updated_at: string | null },
): Promise<void> {
  checkLeadTimes(deps.registry, input.lead_times);
  const leadTimes = Object.fromEntries(
    Object.entries(input.lead_times).map(([type, days]) => [type, sortLeadTimes(days)]),
  );
  await deps.db.transaction(async (tx) => {
    const saved = await tx.query(
      `INSERT INTO tenant_notification_settings AS s (tenant_sid, lead_times, escalate_within_days, reminders_updated_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_sid) DO UPDATE SET lead_times = EXCLUDED.lead_times,
         escalate_within_days = EXCLUDED.escalate_within_days, reminders_updated_at = EXCLUDED.reminders_updated_at
         WHERE ${unchangedSince('s', '$5', 'reminders_updated_at')}
       RETURNING 1`,
      [ctx.tenantSid, JSON.stringify(leadTimes), input.escalate_within_days, ctx.now, input.updated_at],
    );
    if (!saved.length) throw new AppError('conflict');
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'tenant.reminder_settings_updated',
      detail: { lead_times: leadTimes, escalate_within_days: input.escalate_within_days },
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}
