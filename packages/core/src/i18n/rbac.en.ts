// Server texts of organisation, people, roles and permissions, menus and agencies (en), typed against zh-CN.
import type { RbacMessageKey } from './rbac.zh-CN.js';

export const rbacEn: Record<RbacMessageKey, string> = {
  'error.permissionDenied':
    'You do not have permission for this function. Contact your administrator or check that the configuration pack has been applied',
  'error.menuNotAllowed': 'You do not have access to this menu',
  'error.personResigned': 'Resigned staff cannot have a login account opened',
  'error.agencyInvalid': 'The agency is invalid: logins cannot be opened for it',
  'error.agencyHasOpenAccounts': "Close the login accounts of the agency's {{count}} agent(s) first",
  'error.accountAlreadyOpen': 'A login account is already open',
  'error.accountNotOpen': 'No login account has been opened',
  'error.handoverInvalid':
    'The handover person must be another active person of your organisation with a login account',
  'error.alreadyResigned': 'This person has already resigned',
  'error.menuMoveFirst': 'The first row cannot move up',
  'error.menuMoveLast': 'The last row cannot move down',
  'error.menuBoundNoChildren': 'A menu bound to a resource cannot have children',
  'error.menuLevel': 'A menu must be one level below its parent; menus cannot move across levels',
  'error.menuHasChildren': 'Delete the child menus first',
  'error.treeCycle': 'Cannot move an item under itself or one of its children',
  'error.departmentNotEmpty': 'The department still has sub-departments or people and cannot be deleted',
  'error.companyNotEmpty': 'The company still has sub-companies, departments or users and cannot be deleted',
  'error.roleInUse': 'The role is assigned to {{count}} user(s) and cannot be deleted',
  'error.resourceNotGrantable': 'The resource "{{resource}}" cannot be granted to roles of this platform',
  'error.resourceUnknown': 'Unknown resource: {{resource}}',
  'error.notCompanyAdmin': "Only the company's system administrator can maintain its information",
  'error.statusUnchanged': 'The status is unchanged',

  'iql.semantic.notQueryable':
    'At character {{position}}: {{field}} is masked for you and cannot be filtered or sorted on',
  'validation.readOnly': 'cannot be changed by you',
  'validation.invalidReference': 'refers to data that is invalid or does not exist',
  'validation.idCardFormat': 'must be 17 digits followed by a digit or X',
  'validation.idCardCheckDigit': 'has a wrong check digit',
  'validation.idCardBirthDate': 'has an impossible birth date',
  'validation.travelDocumentFormat': 'may contain only letters and digits, at most 20',
  'validation.emailFormat': 'is not a valid e-mail address',
  'validation.mobileFormat': 'must be 11 digits starting with 1',
  'validation.accountNameFormat': 'may contain only letters, digits and @ _ - ., at most 50 characters',
};
