// Server texts of the roles API (zh-CN): field labels of its requests, its validation messages and the
// name a copied role gets. Merged in index.ts.
export const rolesZhCN = {
  'field.role': '角色',
  'field.roleCode': '角色编码',
  'field.roleName': '角色名称',
  'field.roleDescription': '角色描述',
  'field.roleStatus': '状态',
  'field.roleWeight': '排序权重',
  'field.rolePlatform': '平台',
  'field.roleShowSensitive': '查看敏感数据',
  'field.rolePickRange': '人员选择范围',
  'field.roleDataScope': '数据权限',
  'field.roleDataDepartments': '指定部门',
  'field.roleResources': '功能权限',
  'field.roleFieldRules': '字段权限',
  'field.roleModelScopes': '按模型的数据权限',
  'field.roleUsersAdd': '添加的用户',
  'field.roleUsersRemove': '移除的用户',

  'validation.roleModelUnknown': '未知的模型：{{model}}',
  'validation.roleFieldUnknown': '字段 {{model}}.{{field}} 不存在或不能设置字段权限',
  'validation.roleRuleDuplicate': '{{model}}.{{field}} 重复出现',
  'validation.roleScopeDuplicate': '模型 {{model}} 重复出现',
  'validation.roleScopeDepartments': '“指定部门”的数据权限至少需要选择一个部门',
  'validation.roleDepartmentUnknown': '不是本单位的部门：{{sid}}',
  'validation.roleUserPlatform': '用户 {{account}} 的登录端与角色的平台不一致',

  'role.copyName': '{{name}}（副本）',
  'role.copyNameNumbered': '{{name}}（副本{{n}}）',
} as const;

export type RolesMessageKey = keyof typeof rolesZhCN;
