// Texts of the web's people actions (zh-CN): opening and closing login accounts, resignation, closing and
// reopening agencies, the department picker, and the generic form's read-only and masked fields.
// Merged in index.ts.
export const webPeopleZhCN = {
  'modelAccess.readOnlyHint': '由系统或相关操作维护，不能在此修改',
  'modelAccess.maskedHint': '已脱敏显示，不能修改',

  'deptPicker.placeholder': '请选择部门',
  'deptPicker.loading': '正在加载部门…',
  'deptPicker.loadFailed': '部门加载失败，请稍后重试',
  'deptPicker.empty': '暂无部门',
  'deptPicker.disabled': '（已停用）',

  'peopleAction.openAccount': '开通登录账号',
  'peopleAction.openAccountTitle': '为“{{name}}”开通登录账号',
  'peopleAction.account': '账号',
  'peopleAction.accountHint': '1–{{max}} 个字符，可包含字母、数字和 @ _ . -',
  'peopleAction.accountRequired': '请输入账号',
  'peopleAction.accountInvalid': '账号只能包含字母、数字和 @ _ . -，最多 {{max}} 个字符',
  'peopleAction.roles': '角色',
  'peopleAction.rolesPlaceholder': '选择一个或多个角色',
  'peopleAction.rolesLoadFailed': '角色加载失败，请稍后重试',
  'peopleAction.open': '开通',
  'peopleAction.accountOpened': '登录账号已开通',
  'peopleAction.initialPasswordTitle': '登录账号已开通',
  'peopleAction.accountLabel': '账号',
  'peopleAction.initialPassword': '初始密码',
  'peopleAction.initialPasswordOnce': '初始密码只显示这一次，关闭后无法再次查看。请复制后安全地交给本人。',
  'peopleAction.initialPasswordChange': '首次登录时必须修改密码。',
  'peopleAction.copy': '复制密码',
  'peopleAction.copied': '已复制',
  'peopleAction.copyFailed': '复制失败，请手动选中密码复制',
  'peopleAction.done': '我已记下',

  'peopleAction.closeAccount': '关闭登录账号',
  'peopleAction.closeAccountTitle': '关闭“{{name}}”的登录账号？',
  'peopleAction.closeAccountContent': '账号将被停用，已登录的会话立即失效。',
  'peopleAction.close': '关闭账号',
  'peopleAction.accountClosed': '登录账号已关闭',

  'peopleAction.resign': '办理离职',
  'peopleAction.resignTitle': '办理“{{name}}”离职',
  'peopleAction.resignExplain': '离职后，其登录账号将被关闭，未完成的待办将转交给工作交接人。',
  'peopleAction.handover': '工作交接人',
  'peopleAction.handoverHint': '只能选择在职且已开通登录账号的人员',
  'peopleAction.handoverPlaceholder': '输入姓名或工号搜索',
  'peopleAction.handoverRequired': '请选择工作交接人',
  'peopleAction.resignedOn': '离职日期',
  'peopleAction.resignedOnRequired': '请选择离职日期',
  'peopleAction.resignSubmit': '确认离职',
  'peopleAction.resigned': '已办理离职',

  'peopleAction.closeAgency': '停用机构',
  'peopleAction.closeAgencyTitle': '停用代理机构“{{name}}”？',
  'peopleAction.closeAgencyContent': '停用后不能再为其代理人开通登录账号。停用前需先关闭其代理人的登录账号。',
  'peopleAction.closeAgencySubmit': '停用',
  'peopleAction.agencyClosed': '代理机构已停用',
  'peopleAction.reopenAgency': '重新启用',
  'peopleAction.reopenAgencyTitle': '重新启用代理机构“{{name}}”？',
  'peopleAction.reopenAgencyContent': '启用后可以为其代理人开通登录账号。',
  'peopleAction.agencyReopened': '代理机构已重新启用',
} as const;

export type WebPeopleMessageKey = keyof typeof webPeopleZhCN;
