// Server texts of companies and departments (en), typed against zh-CN.
import type { OrgMessageKey } from './org.zh-CN.js';

export const orgEn: Record<OrgMessageKey, string> = {
  'field.org.company': 'Company',
  'field.org.companyName': 'Company name',
  'field.org.simpleName': 'Short name',
  'field.org.parentCompany': 'Parent company',
  'field.org.cnameCapital': 'Name initials',
  'field.org.status': 'Status',
  'field.org.sortBy': 'Sort order',
  'field.org.createdAt': 'Created at',
  'field.org.department': 'Department',
  'field.org.parentDepartment': 'Parent department',
  'field.org.departmentName': 'Department name',
  'field.org.departmentNameEn': 'English name',
  'field.org.departmentCode': 'Department code',
  'field.org.leader': 'Department head',
  'field.org.admins': 'Company administrators',
  'validation.org.rootCompanyFixed': "The organisation's root company cannot be moved or deleted",
};
