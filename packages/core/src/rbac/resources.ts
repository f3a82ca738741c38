// Function permissions (spec §3 "Resource", §6): every menu, button, link and tab is a resource with a
// code; every API route is bound to one (or marked open). The catalogue is code, not data: a route
// can only be bound to a resource the product knows. Tenants arrange menus over it and grant it to roles.
import { DOMAINS, modelsOf } from '../domains/index.js';
import type { CoreDomain } from '../domains/types.js';
import type { Label, ModelDeclaration } from '../models/define.js';
import { modelResourceCode, type ModelAction } from './model-actions.js';
import { actionResourceCode } from '../models/lifecycle.js';

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

export { MODEL_ACTIONS, grantsOn, modelResourceCode, type ModelAction } from './model-actions.js';

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

/** The batch edit history page and its undo (docs/models.md "Batch edit"). */
export const BATCH_EDIT_RESOURCE = 'batch_edit';

/**
 * The pages of the deadlines of every record kind: the list of all deadlines and the deadline calendar
 * (docs/models.md "Dates a model dockets"). What they show still follows the reader's view right on each
 * deadline store; the default roles that may view a store hold it.
 */
export const DEADLINES_RESOURCE = 'docket.deadlines';

const ACTION_LABELS: Record<Exclude<ModelAction, 'view'>, Label> = {
  create: { zh: '新增', en: 'Create' },
  update: { zh: '编辑', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
  import: { zh: '导入', en: 'Import' },
  export: { zh: '导出', en: 'Export' },
};

function modelResources(
  models: readonly ModelDeclaration[],
  enterpriseOnly: ReadonlySet<string>,
): ResourceDeclaration[] {
  return models.flatMap((model, index) => {
    // Enterprise administration (people and agencies): never shared with agency users.
    const level: AuthorizationLevel = enterpriseOnly.has(model.name) ? 'no_share' : 'system';
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
    // A lifecycle's actions are buttons of the model too (`scientific_paper:report`), after the generic ones.
    const actions = Object.entries(model.lifecycle?.actions ?? {}).map(([name, action], i): ResourceDeclaration => ({
      code: actionResourceCode(model.name, name),
      type: 'button',
      parent: menu.code,
      label: { zh: `${model.label.zh}${action.label.zh}`, en: `${action.label.en} ${model.label.en}` },
      level,
      sort: buttons.length + i + 1,
    }));
    return [menu, ...buttons, ...actions];
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
  // The batch edit history page (spec §2 /batch-edit/history): which batches it lists still follows the
  // reader's view right on each model, and their records the reader's data scope.
  menu(BATCH_EDIT_RESOURCE, '批量修改记录', 'Batch edit history', 'system', 970),
  // The deadlines list and calendar across every model: the rows each store shows follow its view right.
  menu(DEADLINES_RESOURCE, '全部期限与日历', 'All deadlines and calendar', 'system', 975),
];

export interface ResourceCatalog {
  readonly all: readonly ResourceDeclaration[];
  byCode(code: string): ResourceDeclaration | undefined;
}

/**
 * The administration resources, each domain's own, and those of each declared model (menu and buttons);
 * the models of an enterprise-only domain (people) are never shared with agency users.
 */
export function resourceCatalog(
  models: readonly ModelDeclaration[],
  domains: readonly CoreDomain[] = DOMAINS,
): ResourceCatalog {
  const enterpriseOnly = new Set(domains.flatMap((d) => (d.enterpriseOnly ? d.models.map((m) => m.name) : [])));
  const own = domains.flatMap((d) => d.resources);
  const all = [...SYSTEM_RESOURCES, ...own, ...modelResources(models, enterpriseOnly)].sort(
    (a, b) => a.sort - b.sort || a.code.localeCompare(b.code),
  );
  const index = new Map(all.map((r) => [r.code, r]));
  return { all, byCode: (code) => index.get(code) };
}

/** The catalogue of the product's own models. */
export const RESOURCE_CATALOG: ResourceCatalog = resourceCatalog(modelsOf(DOMAINS));

/** Whether a role of the platform (1 enterprise, 2 agency) may be granted the resource. */
export function grantable(resource: ResourceDeclaration, platform: 1 | 2): boolean {
  if (resource.level === 'open' || resource.level === 'system_no_share') return false;
  if (resource.level === 'no_share') return platform === 1;
  return true;
}
