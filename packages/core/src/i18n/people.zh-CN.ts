// Server texts of the people actions (zh-CN): field labels of person, agent and agency actions,
// resignation-notice settings, and the hand-over notice mail. Merged in index.ts.
export const peopleZhCN = {
  'field.personSid': '人员',
  'field.agentSid': '代理人',
  'field.agencySid': '代理机构',
  'field.roleSids': '角色',
  'field.handoverPerson': '工作交接人',
  'field.resignedOn': '离职日期',
  'field.notifyHandover': '通知工作交接人',
  'field.notifyAdmins': '通知系统管理员',
  'field.extraRecipients': '其他收件人',
  'validation.dateFormat': '必须是 YYYY-MM-DD 格式的有效日期',

  'mail.handover.subject': '【{{system}}】工作交接通知',
  'mail.handover.body':
    '您好：\n\n{{person}} 已于 {{date}} 离职，工作交接人为 {{handover}}。其 {{count}} 条未完成待办已转交给 {{handover}}。\n\n请登录系统查看待办事项。',
} as const;

export type PeopleMessageKey = keyof typeof peopleZhCN;
