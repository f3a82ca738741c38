// Texts of accounts and sign-in (zh-CN). Kept apart from the shell's texts; merged in index.ts.
export const accountsZhCN = {
  'password.rule.length': '长度为 {{min}}–{{max}} 个字符',
  'password.rule.upper': '包含大写字母',
  'password.rule.lower': '包含小写字母',
  'password.rule.digit': '包含数字',
  'password.rule.symbol': '包含特殊字符',
  'password.rule.noSpace': '不包含空格',
  'password.rule.twoKinds': '至少包含字母、数字、符号中的两种',
  'password.notMet': '密码不符合要求：{{rules}}',
  'password.sameAsOld': '新密码不能与原密码相同',
  'password.reused': '新密码不能与最近 {{count}} 次使用过的密码相同',
  'password.confirmMismatch': '两次输入的密码不一致',
  'password.oldWrong': '原密码不正确',

  'error.invalidCredentials': '账号或密码错误',
  'error.accountLockedUntil': '账号已锁定，请于 {{until}} 后再试或联系管理员',
  'error.passwordChangeRequired': '请先修改密码后再继续',
  'error.resetLinkExpired': '密码重置链接已失效，请重新使用“忘记密码”功能',
  'error.emailNotRegistered': '该邮箱未注册，请联系管理员',
  'error.mailNotConfigured': '邮件服务未配置，请联系管理员',
  'error.mailSendFailed': '邮件发送失败，请稍后再试',
  'error.companyNotAllowed': '您不属于所选公司',
  'error.fileType': '文件格式不正确：{{allowed}}',
  'error.fileTooLarge': '文件过大，最大 {{max}}',

  'field.account': '账号',
  'field.password': '密码',
  'field.oldPassword': '原密码',
  'field.newPassword': '新密码',
  'field.confirmPassword': '确认密码',
  'field.email': '邮箱',
  'field.emailKey': '链接密钥',
  'field.mobile': '手机号',
  'field.name': '姓名',
  'field.englishName': '英文名',
  'field.companySid': '公司',
  'field.settingKey': '设置项',
  'field.settingValue': '设置值',
  'field.token': '令牌',
  'field.userSid': '用户',
  'field.version': '版本',
  'field.side': '登录端',

  'mail.reset.subject': '【{{system}}】重置密码',
  'mail.reset.body':
    '{{name}}，您好：\n\n我们收到了重置您账号密码的请求。请在 {{minutes}} 分钟内打开以下链接设置新密码（链接只能使用一次）：\n\n{{link}}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
  'mail.passwordChanged.subject': '【{{system}}】您的密码已修改',
  'mail.passwordChanged.body':
    '{{name}}，您好：\n\n您的账号密码已于 {{time}} 修改，所有其他登录会话已退出。\n\n如果这不是您本人的操作，请立即联系管理员。',
} as const;

export type AccountsMessageKey = keyof typeof accountsZhCN;
