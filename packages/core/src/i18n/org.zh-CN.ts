// Server texts of companies and departments (zh-CN): field labels of their API and the rule messages
// the catalogue has no own code for. Merged in index.ts.
export const orgZhCN = {
  'field.org.company': '公司',
  'field.org.companyName': '公司名称',
  'field.org.simpleName': '简称',
  'field.org.parentCompany': '上级公司',
  'field.org.cnameCapital': '名称首字母',
  'field.org.status': '状态',
  'field.org.sortBy': '排序',
  'field.org.createdAt': '创建时间',
  'field.org.department': '部门',
  'field.org.parentDepartment': '上级部门',
  'field.org.departmentName': '部门名称',
  'field.org.departmentNameEn': '英文名称',
  'field.org.departmentCode': '部门编码',
  'field.org.leader': '部门负责人',
  'field.org.admins': '公司管理员',
  'validation.org.rootCompanyFixed': '本单位的根公司不能移动或删除',
} as const;

export type OrgMessageKey = keyof typeof orgZhCN;
