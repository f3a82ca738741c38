// Server texts of organisation, people, roles and permissions, menus and agencies (zh-CN): error
// messages and field rules. Merged in index.ts.
export const rbacZhCN = {
  'error.permissionDenied': '没有使用此功能的权限，请联系管理员或确认已应用配置包',
  'error.menuNotAllowed': '没有访问此菜单的权限',
  'error.personResigned': '离职人员不能开通登录账号',
  'error.agencyInvalid': '代理机构无效，不能开通登录账号',
  'error.agencyHasOpenAccounts': '请先关闭该机构下 {{count}} 个代理人的登录账号',
  'error.accountAlreadyOpen': '已开通登录账号',
  'error.accountNotOpen': '尚未开通登录账号',
  'error.handoverInvalid': '工作交接人必须是本单位在职且已开通账号的其他人员',
  'error.alreadyResigned': '该人员已离职',
  'error.menuMoveFirst': '第一行不能上移',
  'error.menuMoveLast': '最后一行不能下移',
  'error.menuBoundNoChildren': '绑定了资源的菜单不能有下级菜单',
  'error.menuLevel': '菜单级别必须比上级菜单低一级，且不能跨级移动',
  'error.menuHasChildren': '请先删除下级菜单',
  'error.treeCycle': '不能移动到自身或其下级之下',
  'error.departmentNotEmpty': '部门下还有下级部门或人员，不能删除',
  'error.companyNotEmpty': '公司下还有下级公司、部门或用户，不能删除',
  'error.roleInUse': '角色已分配给 {{count}} 个用户，不能删除',
  'error.resourceNotGrantable': '资源“{{resource}}”不能授予此平台的角色',
  'error.resourceUnknown': '未知的资源：{{resource}}',
  'error.notCompanyAdmin': '只有本公司的系统管理员可以维护公司信息',
  'error.statusUnchanged': '状态未改变',

  'iql.semantic.notQueryable': '第 {{position}} 个字符：字段 {{field}} 已脱敏，不能用于查询或排序',
  'validation.readOnly': '无权修改',
  'validation.invalidReference': '引用的数据无效或不存在',
  'validation.idCardFormat': '应为 17 位数字加 1 位数字或 X',
  'validation.idCardCheckDigit': '校验码不正确',
  'validation.idCardBirthDate': '出生日期不正确',
  'validation.travelDocumentFormat': '只能包含字母和数字，最多 20 位',
  'validation.emailFormat': '邮箱格式不正确',
  'validation.mobileFormat': '应为以 1 开头的 11 位数字',
  'validation.accountNameFormat': '只能包含字母、数字和 @ _ - .，最多 50 个字符',
} as const;

export type RbacMessageKey = keyof typeof rbacZhCN;
