// The reminder run (docs/notifications.md "Reminders and escalation"): per tenant and source (each deadline
// store, the fees), one query finds the reminders due today and one the deadlines to escalate; each found one
// is queued through queueNotification in a transaction of its own, with a dedupe key per (row, due date, lead
// time), so a reminder goes out once however often the run repeats and however many servers run it at once
// (the second insert of a key does nothing). A due date moved is a new key: reminders start over for it.
import {
  DEFAULT_LEAD_TIMES,
  OFFICE_ACTION_RULES,
  daysBetween,
  type NotificationParams,
  type OfficeCalendar,
} from '@ipdesk/core';
import type { Database } from '../../../db/database.js';
import { tenantCalendars } from '../../../domains/patents/calendars.js';
import type { Principal } from '../../context.js';
import type { ModelRegistry } from '../../models/registry.js';
import { localDate } from '../../models/relative-dates.js';
import { queueNotification, type NotificationInput } from '../notify.js';
import { departmentLead, ipSupervisors } from './escalation-recipients.js';
import {
  distanceTable,
  escalationKeyPrefix,
  findDueReminders,
  findEscalations,
  reminderKeyPrefix,
  type DueRow,
} from './find-due.js';
import { tenantReminderSettings, type TenantReminderSettings } from './settings.js';
import { reminderSources, rowLabel, type ReminderSource } from './sources.js';

export interface ReminderDeps {
  db: Database;
  registry: ModelRegistry;
  /** The business time zone: "today" is the date there. */
  timeZone: string;
  log?: (message: string, detail: Record<string, unknown>) => void;
}

export interface ReminderRunReport {
  today: string;
  /** Found due by the searches (before the recipients' filter). */
  found: { reminders: number; fees: number; escalations: number };
  /** Queued: found ones someone could be told of (a key another server queued meanwhile counts as not queued). */
  queued: { reminders: number; fees: number; escalations: number };
  failed: number;
}

/** Per tenant during one run: the settings, calendars, supervisors and principals read once. */
interface TenantRun {
  tenantSid: string;
  today: string;
  now: Date;
  settings: TenantReminderSettings;
  calendars: (office: string) => OfficeCalendar;
  principals: Map<string, Principal>;
  leads: Map<string, string | undefined>;
  supervisors: string[] | undefined;
}

/** The lead times of a source's rows: by rule (office-action rules, the tenant's per-rule lists), else one list. */
function leadsOf(source: ReminderSource, settings: TenantReminderSettings) {
  const times = settings.leadTimes;
  if (source.kind === 'fee') return { ruleLeads: {}, defaultLeads: times.fee ?? [...DEFAULT_LEAD_TIMES.fee] };
  const ruleLeads: Record<string, readonly number[]> = {};
  const officeAction = times.office_action ?? DEFAULT_LEAD_TIMES.office_action;
  for (const rule of OFFICE_ACTION_RULES) ruleLeads[rule] = officeAction;
  for (const [type, days] of Object.entries(times))
    if (type !== 'default' && type !== 'office_action' && type !== 'fee') ruleLeads[type] = days;
  return { ruleLeads, defaultLeads: times.default ?? [...DEFAULT_LEAD_TIMES.default] };
}

/** What the notification is about (the parent record, opened by its link) and the row it shows. */
function aboutOf(source: ReminderSource, row: DueRow): Pick<NotificationInput, 'record' | 'alsoReadable'> | undefined {
  if (!source.parent) return { record: { model: source.model.name, sid: row.sid } };
  if (!row.parent_sid) return undefined;
  return {
    record: { model: source.parent.model.name, sid: row.parent_sid },
    alsoReadable: { model: source.model.name, sid: row.sid },
  };
}

function paramsOf(source: ReminderSource, row: DueRow, today: string): NotificationParams {
  return {
    [source.kind === 'fee' ? 'fee' : 'deadline']: rowLabel(source, row),
    due: row.due_date,
    days: daysBetween(today, row.due_date),
  };
}

async function queueOne(deps: ReminderDeps, run: TenantRun, input: Omit<NotificationInput, 'tenantSid' | 'now'>) {
  return deps.db.transaction((tx) =>
    queueNotification(
      tx,
      { registry: deps.registry, principals: run.principals },
      { ...input, tenantSid: run.tenantSid, now: run.now },
    ),
  );
}

async function escalationRecipients(deps: ReminderDeps, run: TenantRun, assignee: string | null): Promise<string[]> {
  run.supervisors ??= await ipSupervisors(deps.db, run.tenantSid);
  const people = new Set(run.supervisors);
  if (assignee) {
    if (!run.leads.has(assignee))
      run.leads.set(assignee, await departmentLead(deps.db, deps.registry, run.tenantSid, assignee));
    const lead = run.leads.get(assignee);
    if (lead) people.add(lead);
  }
  return [...people];
}

/** What one source of one tenant has due today: reminders (with their dedupe keys) and escalations. */
export interface SourceFindings {
  source: ReminderSource;
  reminders: Array<DueRow & { key: string }>;
  escalations: Array<DueRow & { key: string }>;
}

/** The set-based searches of one source (two queries, plus the offices present); nothing is queued. */
async function findSource(deps: ReminderDeps, run: TenantRun, source: ReminderSource): Promise<SourceFindings> {
  const { ruleLeads, defaultLeads } = leadsOf(source, run.settings);
  const allLeads = [...defaultLeads, ...Object.values(ruleLeads).flat()];
  const escalate = source.kind === 'deadline' ? run.settings.escalateWithinDays : -1;
  const maxDistance = Math.max(0, escalate, ...allLeads);
  const table = await distanceTable(deps.db, source, run.tenantSid, run.today, maxDistance, run.calendars);
  const at = { tenantSid: run.tenantSid, today: run.today, table };
  const due = await findDueReminders(deps.db, source, { ...at, ruleLeads, defaultLeads });
  const open = escalate < 0 ? [] : await findEscalations(deps.db, source, { ...at, withinDays: escalate });
  return {
    source,
    reminders: due.map((row) => ({
      ...row,
      key: `${reminderKeyPrefix(source)}${row.sid}:${row.due_date}:${row.lead}`,
    })),
    escalations: open.map((row) => ({ ...row, key: `${escalationKeyPrefix(source)}${row.sid}:${row.due_date}` })),
  };
}

async function queueFindings(deps: ReminderDeps, run: TenantRun, found: SourceFindings, report: ReminderRunReport) {
  const { source } = found;
  const counter = source.kind === 'fee' ? 'fees' : 'reminders';
  report.found[counter] += found.reminders.length;
  report.found.escalations += found.escalations.length;
  for (const row of found.reminders) {
    const about = aboutOf(source, row);
    if (!about) continue;
    try {
      const queued = await queueOne(deps, run, {
        event: source.event,
        ...about,
        to: row.assignee ? [row.assignee] : [],
        responsible: true,
        params: paramsOf(source, row, run.today),
        dedupeKey: row.key,
      });
      if (queued) report.queued[counter] += 1;
    } catch (error) {
      report.failed += 1;
      deps.log?.('a deadline reminder could not be queued', { err: error, model: source.model.name, sid: row.sid });
    }
  }
  for (const row of found.escalations) {
    const about = aboutOf(source, row);
    if (!about) continue;
    try {
      const to = await escalationRecipients(deps, run, row.assignee);
      if (!to.length) continue;
      const queued = await queueOne(deps, run, {
        event: 'deadline.escalated',
        ...about,
        to,
        params: paramsOf(source, row, run.today),
        dedupeKey: row.key,
      });
      if (queued) report.queued.escalations += 1;
    } catch (error) {
      report.failed += 1;
      deps.log?.('a deadline escalation could not be queued', { err: error, model: source.model.name, sid: row.sid });
    }
  }
}

async function tenantRun(deps: ReminderDeps, tenantSid: string, now: Date, today: string): Promise<TenantRun> {
  return {
    tenantSid,
    today,
    now,
    settings: await tenantReminderSettings(deps.db, tenantSid),
    calendars: await tenantCalendars(deps.db, tenantSid),
    principals: new Map(),
    leads: new Map(),
    supervisors: undefined,
  };
}

/** What a run as of `now` would queue for one tenant, without queuing it (the bench times the searches). */
export async function findDeadlineReminders(
  deps: ReminderDeps,
  options: { now: Date; tenantSid: string },
): Promise<SourceFindings[]> {
  const run = await tenantRun(deps, options.tenantSid, options.now, localDate(options.now, deps.timeZone));
  const found: SourceFindings[] = [];
  for (const source of reminderSources(deps.registry)) found.push(await findSource(deps, run, source));
  return found;
}

/** One run over every active tenant, as of `now` (the injected clock). */
export async function runDeadlineReminders(deps: ReminderDeps, options: { now: Date }): Promise<ReminderRunReport> {
  const today = localDate(options.now, deps.timeZone);
  const report: ReminderRunReport = {
    today,
    found: { reminders: 0, fees: 0, escalations: 0 },
    queued: { reminders: 0, fees: 0, escalations: 0 },
    failed: 0,
  };
  const sources = reminderSources(deps.registry);
  const tenants = await deps.db.query<{ sid: string }>('SELECT sid FROM tenant WHERE status = 1 ORDER BY sid');
  for (const { sid: tenantSid } of tenants) {
    const run = await tenantRun(deps, tenantSid, options.now, today);
    for (const source of sources) await queueFindings(deps, run, await findSource(deps, run, source), report);
  }
  return report;
}
