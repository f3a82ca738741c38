// Function permissions (spec §3 "Resource", §6): every menu, button, link and tab is a resource with a
// code; every API route is bound to one (or marked open). The catalogue is code, not data: a route
// can only be bound to a resource the product knows. Tenants arrange menus over it and grant it to roles.
import type { Label } from '../models/define.js';
import { MODEL_CATALOG } from '../models/catalog/index.js';
import type { ModelDeclaration } from '../models/define.js';

export const RESOURCE_TYPES = ['menu', 'button', 'link', 'tab'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * Authorization levels (spec §3), as this product reads them:
 * - open: every signed-in user holds it; nothing to grant.
 * - system: granted through roles of either platform (enterprise or agency); system administrators hold it.
 * - no_share ("cannot share"): granted through enterprise roles only, never shared with agency users.
 * - system_no_share: system administrators only; no role can grant it (it would let a role grant itself).
 */
export const AUTHORIZATION_LEVELS = ['open', 'system', 'no_share', 'system_no_share'] as const;
export type AuthorizationLevel = (typeof AUTHORIZATION_LEVELS)[number];

/** What a route does with a declared model; each maps to a resource of the model. */
export const MODEL_ACTIONS = ['view', 'create', 'update', 'delete', 'import', 'export'] as const;
export type ModelAction = (typeof MODEL_ACTIONS)[number];

export interface ResourceDeclaration {
  code: string;
  type: ResourceType;
  /** The menu resource a button, link or tab belongs to. */
  parent: string | null;
  label: Label;
  level: AuthorizationLevel;
  sort: number;
}

export const RESOURCE_CODE_PATTERN = /^[a-z][a-z0-9_.:]{0,63}$/;

/** Reading the audit trail beyond live records (a deleted record's history). */
export const AUDIT_RESOURCE = 'system.audit';

/** The model's list menu is the resource for reading; its buttons cover the writes. */
export function modelResourceCode(model: string, action: ModelAction): string {
  return action === 'view' ? model : `${model}:${action}`;
}

const ACTION_LABELS: Record<Exclude<ModelAction, 'view'>, Label> = {
  create: { zh: '新增', en: 'Create' },
  update: { zh: '编辑', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
  import: { zh: '导入', en: 'Import' },
  export: { zh: '导出', en: 'Export' },
};

/** People and agencies are enterprise administration: never shared with agency users. */
const ENTERPRISE_ONLY_MODELS = new Set(['person', 'agency', 'agent']);

function modelResources(models: readonly ModelDeclaration[]): ResourceDeclaration[] {
  return models.flatMap((model, index) => {
    const level: AuthorizationLevel = ENTERPRISE_ONLY_MODELS.has(model.name) ? 'no_share' : 'system';
    const menu: ResourceDeclaration = {
      code: modelResourceCode(model.name, 'view'),
      type: 'menu',
      parent: null,
      label: model.label,
      level,
      sort: 100 + index * 10,
    };
    const buttons = (Object.keys(ACTION_LABELS) as Array<keyof typeof ACTION_LABELS>).map(
      (action, i): ResourceDeclaration => ({
        code: modelResourceCode(model.name, action),
        type: 'button',
        parent: menu.code,
        label: {
          zh: `${model.label.zh}${ACTION_LABELS[action].zh}`,
          en: `${ACTION_LABELS[action].en} ${model.label.en}`,
        },
        level,
        sort: i + 1,
      }),
    );
    return [menu, ...buttons];
  });
}

const menu = (code: string, zh: string, en: string, level: AuthorizationLevel, sort: number): ResourceDeclaration => ({
  code,
  type: 'menu',
  parent: null,
  label: { zh, en },
  level,
  sort,
});

/** Resources of the administration screens (spec §2). */
const SYSTEM_RESOURCES: ResourceDeclaration[] = [
  menu('home', '首页', 'Home', 'open', 1),
  menu('system.org', '组织机构', 'Organisation', 'no_share', 900),
  menu('system.roles', '角色与权限', 'Roles and permissions', 'system_no_share', 910),
  menu('system.menus', '菜单管理', 'Menus', 'no_share', 920),
  menu('system.resources', '资源管理', 'Resources', 'no_share', 930),
  menu('system.custom_fields', '自定义字段', 'Custom fields', 'no_share', 940),
  menu('system.dictionary', '数据字典', 'Data dictionary', 'no_share', 950),
  menu('system.settings', '系统设置', 'System settings', 'system_no_share', 960),
  // The audit right: what was recorded of deleted records (their history). System administrators hold
  // it; a role may be given it (an auditor), never an agency user.
  menu(AUDIT_RESOURCE, '审计', 'Audit', 'no_share', 965),
  // Process definitions (issue 7): reading them, and designing, importing and publishing them.
  menu('workflow', '流程管理', 'Processes', 'no_share', 970),
  {
    code: 'workflow:update',
    type: 'button',
    parent: 'workflow',
    label: { zh: '设计与发布流程', en: 'Design and publish processes' },
    level: 'no_share',
    sort: 10,
  },
  {
    code: 'person:account',
    type: 'button',
    parent: 'person',
    label: { zh: '人员账号管理', en: 'Manage person accounts' },
    level: 'no_share',
    sort: 10,
  },
  {
    code: 'agent:account',
    type: 'button',
    parent: 'agent',
    label: { zh: '代理人账号管理', en: 'Manage agent accounts' },
    level: 'no_share',
    sort: 10,
  },
];

export interface ResourceCatalog {
  readonly all: readonly ResourceDeclaration[];
  byCode(code: string): ResourceDeclaration | undefined;
}

/** The administration resources and those of each declared model (menu and buttons). */
export function resourceCatalog(models: readonly ModelDeclaration[]): ResourceCatalog {
  const all = [...SYSTEM_RESOURCES, ...modelResources(models)].sort(
    (a, b) => a.sort - b.sort || a.code.localeCompare(b.code),
  );
  const index = new Map(all.map((r) => [r.code, r]));
  return { all, byCode: (code) => index.get(code) };
}

/** The catalogue of the product's own models. */
export const RESOURCE_CATALOG: ResourceCatalog = resourceCatalog(MODEL_CATALOG);

/** Whether a role of the platform (1 enterprise, 2 agency) may be granted the resource. */
export function grantable(resource: ResourceDeclaration, platform: 1 | 2): boolean {
  if (resource.level === 'open' || resource.level === 'system_no_share') return false;
  if (resource.level === 'no_share') return platform === 1;
  return true;
}
