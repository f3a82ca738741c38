// Every action the server writes to the audit log, with its name in both languages. The server's
// audit writer accepts only these names, so a new event cannot reach a History tab without a
// translation; the web shows `audit.<action>` and never the raw name.
import type { Label } from '../models/define.js';

export const AUDIT_ACTIONS = {
  'record.created': { zh: '创建', en: 'Created' },
  'record.updated': { zh: '修改', en: 'Changed' },
  'record.deleted': { zh: '删除', en: 'Deleted' },
  'record.exported': { zh: '导出', en: 'Exported' },
  'record.imported': { zh: '导入', en: 'Imported' },
  'custom_field.published': { zh: '发布自定义字段', en: 'Custom field published' },
  'patent.recomputed': { zh: '重新计算期限', en: 'Deadlines recomputed' },
  'patent.calendar_imported': { zh: '导入官方日历', en: 'Office calendar imported' },
  'patent.cascade_deleted': { zh: '随案件删除', en: 'Deleted with its case' },
  'patent.inventors.replaced': { zh: '修改发明人', en: 'Inventors changed' },
  'patent.relation.created': { zh: '添加关联案件', en: 'Related case added' },
  'patent.relation.deleted': { zh: '移除关联案件', en: 'Related case removed' },
  'patent_document.upload': { zh: '上传文档', en: 'Document uploaded' },
  'patent_document.uploaded': { zh: '上传文档', en: 'Document uploaded' },
  'patent_document.download': { zh: '下载文档', en: 'Document downloaded' },
  'patent_document.preview': { zh: '预览文档', en: 'Document previewed' },
  'patent_document.update': { zh: '修改文档', en: 'Document changed' },
  'patent_document.updated': { zh: '修改文档', en: 'Document changed' },
  'patent_document.delete': { zh: '删除文档', en: 'Document deleted' },
  'patent_document.deleted': { zh: '删除文档', en: 'Document deleted' },
  'tenant.created': { zh: '创建租户', en: 'Tenant created' },
  'tenant.mail_test_sent': { zh: '发送测试邮件', en: 'Test mail sent' },
  'tenant.mail_settings_updated': { zh: '修改邮件服务器设置', en: 'Mail server settings changed' },
  'tenant.security_updated': { zh: '修改安全策略', en: 'Security policy changed' },
  'user.avatar_changed': { zh: '更换头像', en: 'Avatar changed' },
  'user.password_set_by_admin': { zh: '管理员重置密码', en: 'Password reset by an administrator' },
  'user.unlocked': { zh: '解除锁定', en: 'Account unlocked' },
  'user.profile_updated': { zh: '修改个人资料', en: 'Profile changed' },
  'user.roles_replaced': { zh: '修改角色', en: 'Roles changed' },
  'login.succeeded': { zh: '登录成功', en: 'Signed in' },
  'login.failed': { zh: '登录失败', en: 'Sign-in failed' },
  'login.locked': { zh: '账号被锁定', en: 'Account locked' },
  'session.refresh_token_reused': { zh: '会话令牌被重复使用', en: 'Session token reused' },
  'password.changed': { zh: '修改密码', en: 'Password changed' },
  'password_reset.requested': { zh: '申请重置密码', en: 'Password reset requested' },
  'password_reset.completed': { zh: '完成重置密码', en: 'Password reset completed' },
  'password_reset.unknown_email': { zh: '未知邮箱申请重置密码', en: 'Password reset for an unknown e-mail' },
  'config_pack.created': { zh: '创建配置包', en: 'Configuration pack created' },
  'config_pack.updated': { zh: '修改配置包', en: 'Configuration pack changed' },
  'config_pack.apply_requested': { zh: '申请应用配置包', en: 'Configuration pack requested' },
  'config_pack.applied': { zh: '应用配置包', en: 'Configuration pack applied' },
  'config_pack.apply_failed': { zh: '配置包应用失败', en: 'Configuration pack failed' },
  'menu.created': { zh: '创建菜单', en: 'Menu created' },
  'menu.updated': { zh: '修改菜单', en: 'Menu changed' },
  'menu.deleted': { zh: '删除菜单', en: 'Menu deleted' },
  'menu.moved': { zh: '移动菜单', en: 'Menu moved' },
  'menu.seeded': { zh: '初始化菜单', en: 'Menus set up' },
  'menu.defaults_added': { zh: '添加默认菜单', en: 'Default menus added' },
  'company.created': { zh: '创建公司', en: 'Company created' },
  'company.updated': { zh: '修改公司', en: 'Company changed' },
  'company.deleted': { zh: '删除公司', en: 'Company deleted' },
  'company.admins_set': { zh: '设置公司管理员', en: 'Company administrators set' },
  'department.created': { zh: '创建部门', en: 'Department created' },
  'department.updated': { zh: '修改部门', en: 'Department changed' },
  'department.deleted': { zh: '删除部门', en: 'Department deleted' },
  'person.account_opened': { zh: '开通登录账号', en: 'Login account opened' },
  'person.account_closed': { zh: '关闭登录账号', en: 'Login account closed' },
  'agent.account_opened': { zh: '开通登录账号', en: 'Login account opened' },
  'agent.account_closed': { zh: '关闭登录账号', en: 'Login account closed' },
  'agency.closed': { zh: '停用代理机构', en: 'Agency deactivated' },
  'agency.reopened': { zh: '启用代理机构', en: 'Agency reactivated' },
  'person.resigned': { zh: '办理离职', en: 'Resigned' },
  'resignation_notice.updated': { zh: '修改离职通知', en: 'Resignation notice changed' },
  'role.created': { zh: '创建角色', en: 'Role created' },
  'role.updated': { zh: '修改角色', en: 'Role changed' },
  'role.deleted': { zh: '删除角色', en: 'Role deleted' },
  'role.copied': { zh: '复制角色', en: 'Role copied' },
  'role.permissions_saved': { zh: '保存角色权限', en: 'Role permissions saved' },
  'role.users_changed': { zh: '修改角色成员', en: 'Role members changed' },
  'workflow.definition.created': { zh: '创建流程', en: 'Process created' },
  'workflow.definition.saved': { zh: '保存流程', en: 'Process saved' },
  'workflow.definition.published': { zh: '发布流程', en: 'Process published' },
  'workflow.definition.imported': { zh: '导入流程', en: 'Process imported' },
  'workflow.instances_deleted': { zh: '随记录删除审批流程', en: 'Approvals deleted with the record' },
  'workflow_attachment.uploaded': { zh: '上传审批附件', en: 'Approval attachment uploaded' },
} as const satisfies Record<string, Label>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, value);
}

/** The action's name in the viewer's language; an action written by an older version shows as a generic change. */
export function auditActionLabel(action: string): Label | undefined {
  return isAuditAction(action) ? AUDIT_ACTIONS[action] : undefined;
}
