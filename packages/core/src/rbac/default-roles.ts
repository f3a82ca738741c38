// The roles a new tenant starts with, so people can be given sensible rights on day one; administrators
// copy and adjust them in role management.
import { DOMAINS } from '../domains/index.js';
import type { CoreDomain, DefaultRoleCode } from '../domains/types.js';
import type { Label } from '../models/define.js';
import { modelResourceCode } from './model-actions.js';
import type { DataScope, PickRange, RolePlatform } from './permissions.js';
import { DEADLINES_RESOURCE } from './resources.js';

export interface DefaultRole {
  code: DefaultRoleCode;
  name: Label;
  description: Label;
  platform: RolePlatform;
  weight: number;
  dataScope: DataScope;
  pickRange: PickRange;
  showSensitive: boolean;
  resources: readonly string[];
}

/** The roles themselves; what each is granted comes from the domains (their manifests' grants). */
const ROLES: ReadonlyArray<Omit<DefaultRole, 'resources'>> = [
  {
    code: 'ip_specialist',
    name: { zh: '知识产权专员', en: 'IP specialist' },
    description: { zh: '管理本公司的全部知识产权业务数据', en: "Manages all IP records of the user's companies" },
    platform: 1,
    weight: 10,
    dataScope: 'company',
    pickRange: 'company',
    showSensitive: false,
  },
  {
    code: 'department_lead',
    name: { zh: '部门负责人', en: 'Department lead' },
    description: { zh: '查看本部门及下级部门的业务数据', en: 'Sees the records of their department and its children' },
    platform: 1,
    weight: 20,
    dataScope: 'department',
    pickRange: 'department',
    showSensitive: false,
  },
  {
    code: 'inventor',
    name: { zh: '发明人', en: 'Inventor' },
    description: {
      zh: '提交并维护自己的专利、项目和论文',
      en: 'Submits and keeps their own patents, projects and papers',
    },
    platform: 1,
    weight: 30,
    dataScope: 'own',
    pickRange: 'department',
    showSensitive: false,
  },
  {
    code: 'agency_agent',
    name: { zh: '代理人', en: 'Agent' },
    description: { zh: '代理机构用户：处理委托给自己的案件', en: 'Agency user: works on the cases entrusted to them' },
    platform: 2,
    weight: 10,
    dataScope: 'own',
    pickRange: 'department',
    showSensitive: false,
  },
];

/**
 * The default roles with what these domains grant them, domain by domain; a role that may view a deadline
 * store (patent_task, trademark_deadline, …) also opens the pages of every kind's deadlines.
 */
export function defaultRoles(domains: readonly CoreDomain[]): DefaultRole[] {
  const stores = new Set(
    domains.flatMap((d) => d.models.filter((m) => m.deadlineStore).map((m) => modelResourceCode(m.name, 'view'))),
  );
  return ROLES.map((role) => {
    const granted = domains.flatMap((d) => d.grants[role.code] ?? []);
    const seesDeadlines = granted.some((code) => stores.has(code));
    return { ...role, resources: seesDeadlines ? [...granted, DEADLINES_RESOURCE] : granted };
  });
}

export const DEFAULT_ROLES: readonly DefaultRole[] = defaultRoles(DOMAINS);
