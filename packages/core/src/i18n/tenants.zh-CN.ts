// Texts of tenant creation (operator command and API): field labels and validation messages (zh-CN).
// Merged in index.ts.
export const tenantsZhCN = {
  'field.tenantCode': '租户编码',
  'field.tenantNameZh': '租户名称',
  'field.tenantNameEn': '租户英文名称',
  'field.companyName': '根公司名称',
  'field.adminAccount': '管理员账号',
  'field.adminName': '管理员姓名',
  'field.adminEmail': '管理员邮箱',

  'validation.tenantCodeInvalid': '以小写字母开头，2–48 位小写字母、数字、_ 或 -',
  'validation.tenantCodeTaken': '租户编码“{{value}}”已被使用',
  'validation.tenantNameRequired': '不能为空',
  'validation.tenantNameInvalid': '最多 {{max}} 个字符，不能含控制字符',
  'validation.tenantNameTaken': '已有租户名为“{{value}}”',
  'validation.adminAccountInvalid': '1–50 位字母、数字或 @ _ . -',
  'validation.adminAccountTaken': '账号“{{value}}”已被使用',
  'validation.adminNameInvalid': '最多 {{max}} 个字符，不能含控制字符',
  'validation.adminEmailInvalid': '不是有效的邮箱地址',
  'validation.adminEmailTaken': '邮箱“{{value}}”已被使用',

  /** The first administrator's display name, stored in both languages (user menu in the viewer's). */
  'tenant.adminDisplayName': '系统管理员',
  'tenant.created': '已创建租户 {{name}}（编码 {{code}}）。',
  'tenant.adminSignIn': '管理员账号：{{account}}  初始密码：{{password}}',
  'tenant.passwordOnce': '密码只显示这一次，首次登录时须修改。',
  'tenant.usage':
    '用法：npm run tenant:create -- --name <中文名称> [--name-en <英文名称>] --admin <管理员账号> [--admin-name <姓名>] [--admin-email <邮箱>] [--code <编码>]',
  'mailTest.subject': 'IPDesk 测试邮件',
  'mailTest.text': '这是一封测试邮件：系统设置中的邮件服务器可以发送邮件。',
  'tenant.failed': '未创建租户：',
} as const;

export type TenantsMessageKey = keyof typeof tenantsZhCN;
