// Texts of notification delivery (issue 19): the notification mail and the daily digest, the reasons a
// delivery failed (the administrator's delivery log), the webhook's test message and the errors of the
// webhook settings and the delivery log.
export const notificationDeliveryZhCN = {
  'notificationMail.event': '通知类型：{{event}}',
  'notificationMail.open': '查看：{{url}}',
  'notificationMail.preferences': '您收到此邮件是因为您在 IPDesk 的通知设置。修改哪些通知发送邮件、何时发送：{{url}}',
  'notificationMail.digestSubject': 'IPDesk 每日通知摘要：{{count}} 条',
  'notificationMail.digestIntro': '以下是您上次摘要以来的通知：',
  'notificationMail.group.workflow': '待办与流程',
  'notificationMail.group.records': '记录',
  'notificationMail.group.deadlines': '期限与费用',
  'notificationMail.group.jobs': '后台任务',
  'notificationMail.group.account': '账号',
  'notificationWebhook.testTitle': 'IPDesk 测试消息：Webhook 可以正常接收',

  'notificationDelivery.reason.recipientInactive': '收件人账号已停用',
  'notificationDelivery.reason.recipientNoAddress': '收件人没有邮箱地址',
  'notificationDelivery.reason.webhookNotConfigured': '租户已不再设置 Webhook',
  'notificationDelivery.reason.mailNotConfigured': '没有可用的邮件服务器',
  'notificationDelivery.reason.mailSendFailed': '邮件服务器拒收或无法连接',
  'notificationDelivery.reason.webhookHostForbidden': 'Webhook 地址指向内部网络或无法解析',
  'notificationDelivery.reason.webhookStatus': 'Webhook 接收方返回错误状态',
  'notificationDelivery.reason.webhookTimeout': 'Webhook 接收方 10 秒内未应答',
  'notificationDelivery.reason.webhookUnreachable': '无法连接 Webhook 接收方',
  'notificationDelivery.reason.internal': '系统内部错误',

  'error.webhookUrlInvalid': 'Webhook 地址须为 https:// 开头的完整网址，且不含用户名或密码',
  'error.webhookHostUnknown': '找不到 Webhook 主机 {{host}}，请检查地址',
  'error.webhookHostForbidden': 'Webhook 地址 {{host}} 指向内部地址 {{address}}，不允许使用',
  'error.webhookSecretRequired': '首次设置 Webhook 时须填写签名密钥',
  'error.webhookNotConfigured': '尚未设置 Webhook',
  'error.webhookTestFailed': 'Webhook 测试消息发送失败：{{reason}}',
  'error.deliveryNotFound': '找不到该投递记录',
  'error.deliveryPending': '该投递正在等待发送，无需重发',
} as const;

export type NotificationDeliveryMessageKey = keyof typeof notificationDeliveryZhCN;
