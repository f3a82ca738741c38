// Texts of notification delivery (en), typed against zh-CN.
import type { NotificationDeliveryMessageKey } from './notification-delivery.zh-CN.js';

export const notificationDeliveryEn: Record<NotificationDeliveryMessageKey, string> = {
  'notificationMail.event': 'Notification: {{event}}',
  'notificationMail.open': 'Open: {{url}}',
  'notificationMail.preferences':
    'You receive this mail because of your notification settings in IPDesk. To change which notifications are mailed to you, and when: {{url}}',
  'notificationMail.digestSubject': 'IPDesk daily digest: {{count}} notifications',
  'notificationMail.digestIntro': 'Your notifications since the last digest:',
  'notificationMail.group.workflow': 'To-dos and processes',
  'notificationMail.group.records': 'Records',
  'notificationMail.group.deadlines': 'Deadlines and fees',
  'notificationMail.group.jobs': 'Background jobs',
  'notificationMail.group.account': 'Account',
  'notificationWebhook.testTitle': 'Test from IPDesk: the webhook works',

  'notificationDelivery.reason.recipientInactive': "The recipient's account is disabled",
  'notificationDelivery.reason.recipientNoAddress': 'The recipient has no e-mail address',
  'notificationDelivery.reason.webhookNotConfigured': 'The tenant no longer has a webhook',
  'notificationDelivery.reason.mailNotConfigured': 'No mail server is configured',
  'notificationDelivery.reason.mailSendFailed': 'The mail server refused the mail or could not be reached',
  'notificationDelivery.reason.webhookHostForbidden':
    'The webhook address points inside the network or cannot be found',
  'notificationDelivery.reason.webhookStatus': 'The webhook receiver answered with an error status',
  'notificationDelivery.reason.webhookTimeout': 'The webhook receiver did not answer within 10 seconds',
  'notificationDelivery.reason.webhookUnreachable': 'The webhook receiver could not be reached',
  'notificationDelivery.reason.internal': 'Internal error',

  'error.webhookUrlInvalid': 'The webhook address must be a full https:// address without a user name or password',
  'error.webhookHostUnknown': 'The webhook host {{host}} cannot be found; check its address',
  'error.webhookHostForbidden':
    'The webhook address {{host}} points to the internal address {{address}} and cannot be used',
  'error.webhookSecretRequired': 'Enter a signing secret when setting the webhook for the first time',
  'error.webhookNotConfigured': 'No webhook is set',
  'error.webhookTestFailed': 'The webhook test message could not be delivered: {{reason}}',
  'error.deliveryNotFound': 'This delivery cannot be found',
  'error.deliveryPending': 'This delivery is waiting to be sent; there is nothing to resend',
};
