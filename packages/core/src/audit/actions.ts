// Every action the server writes to the audit log, with its name in both languages. One rule names them:
// `<subject>.<verb>`, the subject the model's name for a record's own events (`patent.created`,
// `fee.updated`) and the snake_case entity otherwise (`patent_document.uploaded`), the verb a snake_case
// phrase in the past tense (`created`, `mail_test_sent`). The server's audit writer accepts only these names,
// so a new event cannot reach a History tab without a translation; the web shows `audit.<action>` and never
// the raw name. The full list, with why each exists, is docs/audit.md.
import type { Label } from '../models/define.js';

/**
 * What the generic records pipeline does to a record of any model: one label per verb, so a model needs no
 * entry of its own (`patent.created`, `fee.created` and `trademark.created` all read "Created").
 */
export const RECORD_VERBS = {
  created: { zh: '创建', en: 'Created' },
  updated: { zh: '修改', en: 'Changed' },
  deleted: { zh: '删除', en: 'Deleted' },
  exported: { zh: '导出', en: 'Exported' },
  imported: { zh: '导入', en: 'Imported' },
  /** A lifecycle action moved it (models/lifecycle.ts): the detail names the action and the comment. */
  status_changed: { zh: '状态变更', en: 'Status changed' },
  /**
   * A second person checked it (a deadline's trigger, computation and office: dual docketing): a lifecycle
   * action that leaves the status as it is (`auditVerb`), the detail naming the action.
   */
  verified: { zh: '复核', en: 'Verified' },
} as const satisfies Record<string, Label>;

export type RecordVerb = keyof typeof RECORD_VERBS;

/** A record's own event: its model's name and a record verb. */
export type RecordAuditAction = `${string}.${RecordVerb}`;

/** Events of other entities, or a record's domain events, by subject and verb. */
const ENTITY_ACTIONS = {
  custom_field: { published: { zh: '发布自定义字段', en: 'Custom field published' } },
  patent: {
    recomputed: { zh: '重新计算期限', en: 'Deadlines recomputed' },
    cascade_deleted: { zh: '随案件删除', en: 'Deleted with its case' },
    inventors_replaced: { zh: '修改发明人', en: 'Inventors changed' },
  },
  /** A docketed model's rules changed: its records' deadlines were recomputed at start (platform/docket). */
  docket: { recomputed: { zh: '规则变更后重新计算期限', en: 'Deadlines recomputed after a rules change' } },
  office_calendar: { imported: { zh: '导入官方日历', en: 'Office calendar imported' } },
  patent_relation: {
    created: { zh: '添加关联案件', en: 'Related case added' },
    deleted: { zh: '移除关联案件', en: 'Related case removed' },
  },
  patent_document: {
    uploaded: { zh: '上传文档', en: 'Document uploaded' },
    downloaded: { zh: '下载文档', en: 'Document downloaded' },
    previewed: { zh: '预览文档', en: 'Document previewed' },
    updated: { zh: '修改文档', en: 'Document changed' },
    deleted: { zh: '删除文档', en: 'Document deleted' },
  },
  tenant: {
    created: { zh: '创建租户', en: 'Tenant created' },
    mail_test_sent: { zh: '发送测试邮件', en: 'Test mail sent' },
    mail_settings_updated: { zh: '修改邮件服务器设置', en: 'Mail server settings changed' },
    security_updated: { zh: '修改安全策略', en: 'Security policy changed' },
    webhook_updated: { zh: '修改通知 Webhook', en: 'Notification webhook changed' },
    webhook_test_sent: { zh: '发送 Webhook 测试消息', en: 'Webhook test message sent' },
    deadline_verification_updated: { zh: '修改期限复核设置', en: 'Deadline verification switched' },
  },
  user: {
    avatar_changed: { zh: '更换头像', en: 'Avatar changed' },
    password_set: { zh: '管理员重置密码', en: 'Password reset by an administrator' },
    unlocked: { zh: '解除锁定', en: 'Account unlocked' },
    profile_updated: { zh: '修改个人资料', en: 'Profile changed' },
    roles_replaced: { zh: '修改角色', en: 'Roles changed' },
  },
  login: {
    succeeded: { zh: '登录成功', en: 'Signed in' },
    failed: { zh: '登录失败', en: 'Sign-in failed' },
    locked: { zh: '账号被锁定', en: 'Account locked' },
  },
  session: { refresh_token_reused: { zh: '会话令牌被重复使用', en: 'Session token reused' } },
  password: { changed: { zh: '修改密码', en: 'Password changed' } },
  password_reset: {
    requested: { zh: '申请重置密码', en: 'Password reset requested' },
    completed: { zh: '完成重置密码', en: 'Password reset completed' },
    unknown_email_requested: { zh: '未知邮箱申请重置密码', en: 'Password reset for an unknown e-mail' },
  },
  config_pack: {
    created: { zh: '创建配置包', en: 'Configuration pack created' },
    updated: { zh: '修改配置包', en: 'Configuration pack changed' },
    apply_requested: { zh: '申请应用配置包', en: 'Configuration pack requested' },
    applied: { zh: '应用配置包', en: 'Configuration pack applied' },
    apply_failed: { zh: '配置包应用失败', en: 'Configuration pack failed' },
  },
  menu: {
    created: { zh: '创建菜单', en: 'Menu created' },
    updated: { zh: '修改菜单', en: 'Menu changed' },
    deleted: { zh: '删除菜单', en: 'Menu deleted' },
    moved: { zh: '移动菜单', en: 'Menu moved' },
    seeded: { zh: '初始化菜单', en: 'Menus set up' },
    defaults_added: { zh: '添加默认菜单', en: 'Default menus added' },
  },
  company: {
    created: { zh: '创建公司', en: 'Company created' },
    updated: { zh: '修改公司', en: 'Company changed' },
    deleted: { zh: '删除公司', en: 'Company deleted' },
    admins_set: { zh: '设置公司管理员', en: 'Company administrators set' },
  },
  department: {
    created: { zh: '创建部门', en: 'Department created' },
    updated: { zh: '修改部门', en: 'Department changed' },
    deleted: { zh: '删除部门', en: 'Department deleted' },
  },
  person: {
    account_opened: { zh: '开通登录账号', en: 'Login account opened' },
    account_closed: { zh: '关闭登录账号', en: 'Login account closed' },
    resigned: { zh: '办理离职', en: 'Resigned' },
  },
  agent: {
    account_opened: { zh: '开通登录账号', en: 'Login account opened' },
    account_closed: { zh: '关闭登录账号', en: 'Login account closed' },
  },
  // Written by the hand-made close and reopen before they became the agency's lifecycle actions (issue 18),
  // which write `agency.status_changed` naming the action; kept so older History entries read as before.
  agency: {
    closed: { zh: '停用代理机构', en: 'Agency deactivated' },
    reopened: { zh: '启用代理机构', en: 'Agency reactivated' },
  },
  resignation_notice: { updated: { zh: '修改离职通知', en: 'Resignation notice changed' } },
  role: {
    created: { zh: '创建角色', en: 'Role created' },
    updated: { zh: '修改角色', en: 'Role changed' },
    deleted: { zh: '删除角色', en: 'Role deleted' },
    copied: { zh: '复制角色', en: 'Role copied' },
    permissions_saved: { zh: '保存角色权限', en: 'Role permissions saved' },
    users_changed: { zh: '修改角色成员', en: 'Role members changed' },
  },
  workflow_definition: {
    created: { zh: '创建流程', en: 'Process created' },
    saved: { zh: '保存流程', en: 'Process saved' },
    published: { zh: '发布流程', en: 'Process published' },
    imported: { zh: '导入流程', en: 'Process imported' },
  },
  workflow_instance: { deleted: { zh: '随记录删除审批流程', en: 'Approvals deleted with the record' } },
  workflow_attachment: { uploaded: { zh: '上传审批附件', en: 'Approval attachment uploaded' } },
  notification_delivery: { resent: { zh: '重发通知', en: 'Notification resent' } },
  field_file: { uploaded: { zh: '上传字段文件', en: 'File uploaded for a field' } },
} as const satisfies Record<string, Record<string, Label>>;

type EntityActions = typeof ENTITY_ACTIONS;

/** An entity's event: a subject of the list above and one of its verbs. */
export type EntityAuditAction = {
  [S in keyof EntityActions]: `${S}.${keyof EntityActions[S] & string}`;
}[keyof EntityActions];

export type AuditAction = EntityAuditAction | RecordAuditAction;

/** Every entity event with its name, flat (`patent_document.uploaded` → its label). */
export const AUDIT_ACTIONS = Object.fromEntries(
  Object.entries(ENTITY_ACTIONS).flatMap(([subject, verbs]) =>
    Object.entries(verbs).map(([verb, label]) => [`${subject}.${verb}`, label]),
  ),
) as Record<EntityAuditAction, Label>;

/** The action the records pipeline writes for this model and verb (`recordAction('fee', 'updated')`). */
export function recordAction(model: string, verb: RecordVerb): RecordAuditAction {
  return `${model}.${verb}`;
}

export function isRecordVerb(value: string): value is RecordVerb {
  return Object.prototype.hasOwnProperty.call(RECORD_VERBS, value);
}

/** The subject and verb of an action (`patent_document.uploaded` → patent_document, uploaded). */
export function splitAuditAction(action: string): { subject: string; verb: string } | undefined {
  const match = /^([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)$/.exec(action);
  return match ? { subject: match[1]!, verb: match[2]! } : undefined;
}

export function isEntityAuditAction(value: string): value is EntityAuditAction {
  return Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, value);
}

export function isAuditAction(value: string): value is AuditAction {
  if (isEntityAuditAction(value)) return true;
  const parts = splitAuditAction(value);
  return parts !== undefined && isRecordVerb(parts.verb);
}

/**
 * The action's name in the viewer's language: the entity's own label, else the record verb's (any model);
 * an action no longer written (a name from before docs/audit.md's rule) shows as a generic change.
 */
export function auditActionLabel(action: string): Label | undefined {
  if (isEntityAuditAction(action)) return AUDIT_ACTIONS[action];
  const parts = splitAuditAction(action);
  return parts && isRecordVerb(parts.verb) ? RECORD_VERBS[parts.verb] : undefined;
}

/** Every action that can be written for these models: the entity events, then each model's record events. */
export function auditActionList(models: readonly string[]): AuditAction[] {
  return [
    ...(Object.keys(AUDIT_ACTIONS) as EntityAuditAction[]),
    ...models.flatMap((model) => (Object.keys(RECORD_VERBS) as RecordVerb[]).map((verb) => recordAction(model, verb))),
  ];
}

/**
 * Names written before the naming rule (migration 0026 rewrites stored rows to the new ones). `record.*`
 * became `<model>.*`, the model taken from the entry's target (`<model>:<sid>`, or the model's name for
 * exports and imports).
 */
export const RENAMED_AUDIT_ACTIONS = {
  'patent.inventors.replaced': 'patent.inventors_replaced',
  'patent.relation.created': 'patent_relation.created',
  'patent.relation.deleted': 'patent_relation.deleted',
  'patent.calendar_imported': 'office_calendar.imported',
  'patent_document.upload': 'patent_document.uploaded',
  'patent_document.download': 'patent_document.downloaded',
  'patent_document.preview': 'patent_document.previewed',
  'patent_document.update': 'patent_document.updated',
  'patent_document.delete': 'patent_document.deleted',
  'user.password_set_by_admin': 'user.password_set',
  'password_reset.unknown_email': 'password_reset.unknown_email_requested',
  'workflow.definition.created': 'workflow_definition.created',
  'workflow.definition.saved': 'workflow_definition.saved',
  'workflow.definition.published': 'workflow_definition.published',
  'workflow.definition.imported': 'workflow_definition.imported',
  'workflow.instances_deleted': 'workflow_instance.deleted',
} as const satisfies Record<string, EntityAuditAction>;
