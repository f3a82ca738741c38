// How notifications leave the system (issue 19, docs/notifications.md "Delivery"): the channels of a
// notification_delivery row, its statuses, the reasons a delivery failed (stored as `<reason>: <detail>` in
// last_error and shown to administrators in their language from `notificationDelivery.reason.<reason>`),
// and the webhook's limits shared by the API and the settings form.

export const DELIVERY_CHANNELS = ['email', 'digest', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why a delivery failed (or why its last attempt did). The first three are final at once (retrying cannot
 * help); the others are retried with back-off until the attempts run out.
 */
export const DELIVERY_FAILURE_REASONS = [
  'recipientInactive',
  'recipientNoAddress',
  'webhookNotConfigured',
  'mailNotConfigured',
  'mailSendFailed',
  'webhookHostForbidden',
  'webhookStatus',
  'webhookTimeout',
  'webhookUnreachable',
  'internal',
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

export function isDeliveryFailureReason(value: string): value is DeliveryFailureReason {
  return (DELIVERY_FAILURE_REASONS as readonly string[]).includes(value);
}

/** The longest webhook address (the column's limit). */
export const WEBHOOK_URL_MAX = 2000;
/** A webhook secret: long enough to resist guessing, short enough for a chat tool's settings field. */
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 256;

/** Where in the app a person changes their notification preferences (the link at the foot of every mail). */
export const NOTIFICATION_PREFERENCES_PATH = 'notifications/preferences';
