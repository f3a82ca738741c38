// Server texts of the roles API (en), typed against zh-CN.
import type { RolesMessageKey } from './roles.zh-CN.js';

export const rolesEn: Record<RolesMessageKey, string> = {
  'field.role': 'Role',
  'field.roleCode': 'Role code',
  'field.roleName': 'Role name',
  'field.roleDescription': 'Role description',
  'field.roleStatus': 'Status',
  'field.roleWeight': 'Weight',
  'field.rolePlatform': 'Platform',
  'field.roleShowSensitive': 'See sensitive data',
  'field.rolePickRange': 'People picker range',
  'field.roleDataScope': 'Data scope',
  'field.roleDataDepartments': 'Specified departments',
  'field.roleResources': 'Function permissions',
  'field.roleFieldRules': 'Field permissions',
  'field.roleModelScopes': 'Data scopes by model',
  'field.roleUsersAdd': 'Users to add',
  'field.roleUsersRemove': 'Users to remove',

  'validation.roleModelUnknown': 'unknown model: {{model}}',
  'validation.roleFieldUnknown': '{{model}}.{{field}} does not exist or cannot have a field rule',
  'validation.roleRuleDuplicate': '{{model}}.{{field}} appears more than once',
  'validation.roleScopeDuplicate': 'model {{model}} appears more than once',
  'validation.roleScopeDepartments': 'choose at least one department for the "specified departments" scope',
  'validation.roleDepartmentUnknown': 'not a department of your organisation: {{sid}}',
  'validation.roleUserPlatform': "user {{account}} signs in on a different platform than the role's",

  'role.copyName': '{{name}} (copy)',
  'role.copyNameNumbered': '{{name}} (copy {{n}})',
};
