// {webapi} the tenant's outgoing mail server and security policy (docs/api/organisation-rbac.md
// "Tenant settings"). All calls need system.settings; writes are silent so the pages show the server's
// words beside the fields. The mail password is write-only: the server says only whether one is stored.
import type { PasswordPolicy, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

export interface MailServer {
  host: string;
  port: number;
  /** true: TLS from the first byte (SMTPS, usually port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  username: string | null;
  from_address: string;
}

export interface MailServerAnswer extends MailServer {
  has_password: boolean;
  /** When it was saved: sent back with a save, which the server refuses if someone saved since (409000). */
  updated_at: string;
}

export interface MailServerUpdate extends MailServer {
  /** Omitted: the stored password stays. */
  password?: string;
  /** The `updated_at` read (null: nothing was saved yet). */
  updated_at: string | null;
}

export interface SecurityPolicy {
  password_policy: PasswordPolicy;
  password_history_count: number;
  password_expiry_days: number;
  lockout_threshold: number;
  lockout_window_minutes: number;
  lockout_minutes: number;
}

export interface SecurityPolicyAnswer extends SecurityPolicy {
  /** When it was saved (null: the defaults, never saved); sent back with a save as the version read. */
  updated_at: string | null;
}

type Empty = SuccessEnvelope;

const MAIL = '/webapi/setting/tenant/mail';
const SECURITY = '/webapi/setting/tenant/security';

export function fetchMailServer(): Promise<RequestResult<DataEnvelope<MailServerAnswer | null>>> {
  return request({ url: MAIL });
}

export function updateMailServer(input: MailServerUpdate): Promise<RequestResult<Empty>> {
  return request({ url: `${MAIL}/do/update`, method: 'POST', body: input, silent: true });
}

export function sendTestMail(to: string): Promise<RequestResult<Empty>> {
  return request({ url: `${MAIL}/do/test`, method: 'POST', body: { to }, silent: true });
}

export function fetchSecurityPolicy(): Promise<RequestResult<DataEnvelope<SecurityPolicyAnswer>>> {
  return request({ url: SECURITY });
}

export function updateSecurityPolicy(input: SecurityPolicyAnswer): Promise<RequestResult<Empty>> {
  return request({ url: `${SECURITY}/do/update`, method: 'POST', body: input, silent: true });
}

/** One deadline type the tenant may set lead times for: a category or a rule code, named in the caller's language. */
export interface LeadTimeType {
  type: string;
  kind: 'category' | 'rule';
  label: string;
}

export interface ReminderSettings {
  /** Days before the due date per type (0: on the day), farthest first; the defaults filled in. */
  lead_times: Record<string, number[]>;
  escalate_within_days: number;
}

export interface ReminderSettingsAnswer extends ReminderSettings {
  types: LeadTimeType[];
  updated_at: string | null;
}

const REMINDERS = '/webapi/tenant/notification-settings';

export function fetchReminderSettings(): Promise<RequestResult<DataEnvelope<ReminderSettingsAnswer>>> {
  return request({ url: REMINDERS });
}

export function updateReminderSettings(
  input: ReminderSettings & { updated_at: string | null },
): Promise<RequestResult<Empty>> {
  return request({ url: REMINDERS, method: 'PUT', body: input, silent: true });
}

/** Whether deadlines entered by hand wait for a second person's verification (docs/notifications.md). */
export interface DeadlineVerificationSetting {
  required: boolean;
  version: number;
}

const VERIFICATION = '/webapi/tenant/deadline-verification';

export function fetchDeadlineVerification(): Promise<RequestResult<DataEnvelope<DeadlineVerificationSetting>>> {
  return request({ url: VERIFICATION });
}

export function updateDeadlineVerification(
  input: DeadlineVerificationSetting,
): Promise<RequestResult<DataEnvelope<DeadlineVerificationSetting>>> {
  return request({ url: VERIFICATION, method: 'PUT', body: input, silent: true });
}
