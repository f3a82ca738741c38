// Texts of notifications (issue 19): each event's name (preferences page) and its one-line title, rendered
// in the reader's language from the parameters the notification keeps. {{record}} is the record's title as
// the reader may see it.
export const notificationsZhCN = {
  'notification.event.todo.assigned': '待办分配给我',
  'notification.event.todo.transferred': '待办转交给我',
  'notification.event.todo.urged': '待办被催办',
  'notification.event.todo.addSigned': '加签给我',
  'notification.event.todo.cc': '抄送给我',
  'notification.event.process.approved': '我发起的流程已通过',
  'notification.event.process.rejected': '我发起的流程被驳回',
  'notification.event.process.returned': '我发起的流程被退回',
  'notification.event.process.withdrawn': '流程已撤回',
  'notification.event.record.statusChanged': '关注的记录状态变化',
  'notification.event.deadline.reminder': '期限提醒',
  'notification.event.deadline.escalated': '期限升级提醒',
  'notification.event.deadline.unverified': '期限待复核',
  'notification.event.fee.due': '费用到期',
  'notification.event.job.finished': '后台任务完成',
  'notification.event.job.failed': '后台任务失败',
  'notification.event.account.locked': '账号被锁定',
  'notification.event.account.passwordChanged': '密码已修改',
  'notification.event.account.passwordReset': '密码被管理员重置',

  'notification.title.todo.assigned': '新待办：{{task}} · {{record}}',
  'notification.title.todo.transferred': '{{actor}} 将待办“{{task}}”转交给您 · {{record}}',
  'notification.title.todo.urged': '{{actor}} 催办“{{task}}”：{{comment}} · {{record}}',
  'notification.title.todo.addSigned': '{{actor}} 邀请您加签“{{task}}” · {{record}}',
  'notification.title.todo.cc': '{{actor}} 抄送给您：{{process}} · {{record}}',
  'notification.title.process.approved': '流程“{{process}}”已通过 · {{record}}',
  'notification.title.process.rejected': '流程“{{process}}”被驳回 · {{record}}',
  'notification.title.process.returned': '流程“{{process}}”被退回 · {{record}}',
  'notification.title.process.withdrawn': '流程“{{process}}”已撤回 · {{record}}',
  'notification.title.record.statusChanged': '{{record}} 的状态由“{{from}}”变为“{{to}}”',
  'notification.title.deadline.reminder': '{{deadline}} 将于 {{due}} 到期（还剩 {{days}} 天）· {{record}}',
  'notification.title.deadline.escalated': '{{deadline}} 将于 {{due}} 到期且仍未完成（还剩 {{days}} 天）· {{record}}',
  'notification.title.deadline.unverified': '{{deadline}}（{{due}}）尚未复核 · {{record}}',
  'notification.title.fee.due': '{{fee}} 将于 {{due}} 到期 · {{record}}',
  'notification.title.job.finished': '{{job}}已完成：{{count}} 条',
  'notification.title.job.failed': '{{job}}失败：{{reason}}',
  'notification.title.account.locked': '您的账号因多次登录失败已被锁定',
  'notification.title.account.passwordChanged': '您的密码已修改',
  'notification.title.account.passwordReset': '管理员重置了您的密码',

  'notification.recordHidden': '（无权查看的记录）',

  // Reminders and escalation (tenant settings, docs/notifications.md)
  'reminders.category.default': '一般期限',
  'reminders.category.office_action': '审查意见答复',
  'reminders.category.fee': '费用与年费',
  'field.leadTimes': '提醒提前天数',
  'field.escalateWithinDays': '升级提醒（到期前天数）',
  'validation.leadTimeUnknownType': '没有“{{type}}”这种期限类型',
  'validation.leadTimeDuplicate': '“{{type}}”的提前天数有重复',
  'validation.leadTimeTooMany': '“{{type}}”最多设置 10 个提前天数',
  'validation.leadTimeRange': '“{{type}}”的提前天数须为 0–365 的整数',
} as const;

export type NotificationsMessageKey = keyof typeof notificationsZhCN;
