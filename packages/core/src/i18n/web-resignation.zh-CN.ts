// Texts of the web's resignation notice settings page (zh-CN): who is told when someone resigns.
// Merged in index.ts.
export const webResignationZhCN = {
  'adminResignation.title': '离职通知设置',
  'adminResignation.intro': '人员办理离职时，系统会按以下设置发送通知，告知其账号已关闭、待办已转交。',
  'adminResignation.notifyHandover': '通知工作交接人',
  'adminResignation.notifyHandoverHelp': '开启后，离职人员的待办转交给谁，就通知谁，方便其及时接手。',
  'adminResignation.notifyAdmins': '通知系统管理员',
  'adminResignation.notifyAdminsHelp': '开启后，本租户的系统管理员都会收到离职通知。',
  'adminResignation.extraRecipients': '其他收件人',
  'adminResignation.extraRecipientsHelp': '输入邮箱后按回车或逗号添加，最多 {{max}} 个；重复的地址只保留一个。',
  'adminResignation.extraRecipientsPlaceholder': '例如 hr@example.com',
  'adminResignation.invalidEmail': '“{{value}}”不是有效的邮箱地址',
  'adminResignation.tooMany': '其他收件人最多 {{max}} 个',
  'adminResignation.save': '保存',
  'adminResignation.reset': '还原',
  'adminResignation.saved': '离职通知设置已保存',
  'adminResignation.loadFailed': '离职通知设置加载失败',
  'adminResignation.retry': '重试',
} as const;

export type WebResignationMessageKey = keyof typeof webResignationZhCN;
