import type { Label } from '../models/define.js';

// What people are told of (issue 19, docs/notifications.md): each event's code, its group on the
// preferences page, and the e-mail default. A notification stores its event code and parameters (never a
// rendered sentence): it is rendered in the reader's language when read or mailed, from
// `notification.title.<event>` and `notification.event.<event>` (i18n/notifications.*.ts).

export const NOTIFICATION_EVENTS = [
  // Workflow (to-dos and processes)
  'todo.assigned',
  'todo.transferred',
  'todo.urged',
  'todo.addSigned',
  'todo.cc',
  'todo.reminder',
  'todo.overdue',
  'process.approved',
  'process.rejected',
  'process.returned',
  'process.withdrawn',
  // Records
  'record.statusChanged',
  // Deadlines and fees
  'deadline.reminder',
  'deadline.escalated',
  'deadline.unverified',
  'fee.due',
  // Jobs
  'job.finished',
  'job.failed',
  // Accounts
  'account.locked',
  'account.passwordChanged',
  'account.passwordReset',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_GROUPS = ['workflow', 'records', 'deadlines', 'jobs', 'account'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export function notificationGroup(event: NotificationEvent): NotificationGroup {
  if (event.startsWith('todo.') || event.startsWith('process.')) return 'workflow';
  if (event.startsWith('record.')) return 'records';
  if (event.startsWith('deadline.') || event.startsWith('fee.')) return 'deadlines';
  if (event.startsWith('job.')) return 'jobs';
  return 'account';
}

export function isNotificationEvent(value: unknown): value is NotificationEvent {
  return typeof value === 'string' && (NOTIFICATION_EVENTS as readonly string[]).includes(value);
}

/** How a person gets an event by e-mail: at once, in the daily digest, or not. */
export const EMAIL_MODES = ['immediate', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/**
 * Events that are always mailed at once and cannot be turned off: a person must learn that their account
 * was locked or its password changed, even by someone else.
 */
export const MANDATORY_EVENTS: ReadonlySet<NotificationEvent> = new Set([
  'account.locked',
  'account.passwordChanged',
  'account.passwordReset',
]);

/**
 * Parameters a notification keeps for rendering: plain values, or a bilingual label (a status, a process's
 * name, a rule's title) picked in the reader's language. The record's title is not kept: it is looked up
 * at read through the reader's own rights (`{{record}}`), so a title they may not read is never shown.
 */
export type NotificationParams = Record<string, string | number | null | Label>;
