// {webapi} the tenant's notification webhook and the log of notification deliveries (docs/api.md
// "Notification delivery"). All calls need system.settings; writes are silent so the page shows the server's
// words beside the fields. The webhook secret is write-only: the server says only whether one is set.
import type { DeliveryChannel, DeliveryStatus, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

export interface WebhookSettings {
  url: string | null;
  has_secret: boolean;
  /** Sent back with a save, which the server refuses if someone saved since (409000). */
  updated_at: string | null;
}

export interface WebhookUpdate {
  url: string | null;
  /** Omitted: the stored secret stays. */
  secret?: string;
  updated_at: string | null;
}

export interface DeliveryLogItem {
  id: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  event: string;
  event_label: string;
  /** As the administrator may read it, in their language. */
  title: string;
  link: string | null;
  recipient: { account: string; name: string } | null;
  reason_code: string | null;
  reason: string | null;
  created_at: string;
  available_at: string;
  sent_at: string | null;
}

export interface DeliveryLogFilter {
  status?: DeliveryStatus;
  channel?: DeliveryChannel;
  before?: string;
}

const WEBHOOK = '/webapi/setting/tenant/webhook';
const DELIVERIES = '/webapi/notification-deliveries';

export function fetchWebhook(): Promise<RequestResult<DataEnvelope<WebhookSettings>>> {
  return request({ url: WEBHOOK });
}

export function updateWebhook(input: WebhookUpdate): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${WEBHOOK}/do/update`, method: 'POST', body: input, silent: true });
}

export function sendWebhookTest(): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${WEBHOOK}/do/test`, method: 'POST', silent: true });
}

export function fetchDeliveries(
  filter: DeliveryLogFilter,
): Promise<RequestResult<DataEnvelope<DeliveryLogItem[]> & { next: string | null }>> {
  return request({ url: DELIVERIES, query: { ...filter, limit: 50 } });
}

export function resendDelivery(id: string): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${DELIVERIES}/${id}/do/resend`, method: 'POST' });
}
