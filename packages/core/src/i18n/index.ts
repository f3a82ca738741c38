// Languages, their resolution from headers and preferences, and a small translate function
// used by the server (the web uses i18next over the same flat maps).
import { accountsEn } from './accounts.en.js';
import { accountsZhCN, type AccountsMessageKey } from './accounts.zh-CN.js';
import { en } from './en.js';
import { inputsEn } from './inputs.en.js';
import { inputsZhCN, type InputsMessageKey } from './inputs.zh-CN.js';
import { iqlEn } from './iql.en.js';
import { iqlZhCN, type IqlMessageKey } from './iql.zh-CN.js';
import { rbacEn } from './rbac.en.js';
import { rbacZhCN, type RbacMessageKey } from './rbac.zh-CN.js';
import { menusEn } from './menus.en.js';
import { menusZhCN, type MenusMessageKey } from './menus.zh-CN.js';
import { modelsEn } from './models.en.js';
import { modelsZhCN, type ModelsMessageKey } from './models.zh-CN.js';
import { webAccountsEn } from './web-accounts.en.js';
import { webAccountsZhCN, type WebAccountsMessageKey } from './web-accounts.zh-CN.js';
import { webAdminEn } from './web-admin.en.js';
import { webAdminZhCN, type WebAdminMessageKey } from './web-admin.zh-CN.js';
import { webMenusEn } from './web-menus.en.js';
import { webMenusZhCN, type WebMenusMessageKey } from './web-menus.zh-CN.js';
import { webModelsEn } from './web-models.en.js';
import { webOrgEn } from './web-org.en.js';
import { webOrgZhCN, type WebOrgMessageKey } from './web-org.zh-CN.js';
import { webModelsZhCN, type WebModelsMessageKey } from './web-models.zh-CN.js';
import { webPeopleEn } from './web-people.en.js';
import { webPeopleZhCN, type WebPeopleMessageKey } from './web-people.zh-CN.js';
import { webUsersEn } from './web-users.en.js';
import { webUsersZhCN, type WebUsersMessageKey } from './web-users.zh-CN.js';
import { webResignationEn } from './web-resignation.en.js';
import { webResignationZhCN, type WebResignationMessageKey } from './web-resignation.zh-CN.js';
import { rolesEn } from './roles.en.js';
import { rolesZhCN, type RolesMessageKey } from './roles.zh-CN.js';
import { orgEn } from './org.en.js';
import { orgZhCN, type OrgMessageKey } from './org.zh-CN.js';
import { peopleEn } from './people.en.js';
import { peopleZhCN, type PeopleMessageKey } from './people.zh-CN.js';
import { configPacksEn } from './config-packs.en.js';
import { configPacksZhCN, type ConfigPacksMessageKey } from './config-packs.zh-CN.js';
import { patentDocumentsEn } from './patent-documents.en.js';
import { patentDocumentsZhCN, type PatentDocumentsMessageKey } from './patent-documents.zh-CN.js';
import { webPatentDocumentsEn } from './web-patent-documents.en.js';
import { webPatentDocumentsZhCN, type WebPatentDocumentsMessageKey } from './web-patent-documents.zh-CN.js';
import { patentRelationsEn } from './patent-relations.en.js';
import { patentRelationsZhCN, type PatentRelationsMessageKey } from './patent-relations.zh-CN.js';
import { webPatentRelationsEn } from './web-patent-relations.en.js';
import { webPatentRelationsZhCN, type WebPatentRelationsMessageKey } from './web-patent-relations.zh-CN.js';
import { patentRulesEn } from './patent-rules.en.js';
import { patentRulesZhCN, type PatentRulesMessageKey } from './patent-rules.zh-CN.js';
import { webPatentRulesEn } from './web-patent-rules.en.js';
import { webPatentRulesZhCN, type WebPatentRulesMessageKey } from './web-patent-rules.zh-CN.js';
import { webWorkflowDefinitionsEn } from './web-workflow-definitions.en.js';
import { webWorkflowDefinitionsZhCN, type WebWorkflowDefinitionsMessageKey } from './web-workflow-definitions.zh-CN.js';
import { webWorkflowDesignerEn } from './web-workflow-designer.en.js';
import { webWorkflowDesignerZhCN, type WebWorkflowDesignerMessageKey } from './web-workflow-designer.zh-CN.js';
import { webWorkflowRunsEn } from './web-workflow-runs.en.js';
import { webWorkflowRunsZhCN, type WebWorkflowRunsMessageKey } from './web-workflow-runs.zh-CN.js';
import { workflowEn } from './workflow.en.js';
import { workflowZhCN, type WorkflowMessageKey } from './workflow.zh-CN.js';
import { workflowDesignEn } from './workflow-design.en.js';
import { workflowDesignZhCN, type WorkflowDesignMessageKey } from './workflow-design.zh-CN.js';
import { zhCN, type MessageKey as ShellMessageKey } from './zh-CN.js';
import { tenantsEn } from './tenants.en.js';
import { webTenantSettingsEn } from './web-tenant-settings.en.js';
import { webTenantSettingsZhCN, type WebTenantSettingsMessageKey } from './web-tenant-settings.zh-CN.js';
import { tenantsZhCN, type TenantsMessageKey } from './tenants.zh-CN.js';

export type MessageKey =
  | ShellMessageKey
  | PatentRulesMessageKey
  | WebPatentRulesMessageKey
  | AccountsMessageKey
  | WebAccountsMessageKey
  | WebModelsMessageKey
  | WebOrgMessageKey
  | WebMenusMessageKey
  | WebPeopleMessageKey
  | WebUsersMessageKey
  | WebResignationMessageKey
  | WebAdminMessageKey
  | ModelsMessageKey
  | IqlMessageKey
  | InputsMessageKey
  | RbacMessageKey
  | ConfigPacksMessageKey
  | PatentDocumentsMessageKey
  | WebPatentDocumentsMessageKey
  | PatentRelationsMessageKey
  | WebPatentRelationsMessageKey
  | PeopleMessageKey
  | OrgMessageKey
  | RolesMessageKey
  | MenusMessageKey
  | WorkflowDesignMessageKey
  | WorkflowMessageKey
  | WebWorkflowDefinitionsMessageKey
  | WebWorkflowDesignerMessageKey
  | WebWorkflowRunsMessageKey
  | TenantsMessageKey
  | WebTenantSettingsMessageKey;
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

// Each area keeps its texts in a zh-CN/en pair of files; the pack is their union.
export const messages: Record<Language, Record<MessageKey, string>> = {
  'zh-CN': {
    ...zhCN,
    ...patentRulesZhCN,
    ...webPatentRulesZhCN,
    ...accountsZhCN,
    ...webAccountsZhCN,
    ...webModelsZhCN,
    ...webOrgZhCN,
    ...webMenusZhCN,
    ...webPeopleZhCN,
    ...webUsersZhCN,
    ...webResignationZhCN,
    ...webAdminZhCN,
    ...modelsZhCN,
    ...iqlZhCN,
    ...inputsZhCN,
    ...rbacZhCN,
    ...configPacksZhCN,
    ...patentDocumentsZhCN,
    ...webPatentDocumentsZhCN,
    ...patentRelationsZhCN,
    ...webPatentRelationsZhCN,
    ...peopleZhCN,
    ...orgZhCN,
    ...rolesZhCN,
    ...menusZhCN,
    ...workflowDesignZhCN,
    ...workflowZhCN,
    ...webWorkflowDefinitionsZhCN,
    ...webWorkflowDesignerZhCN,
    ...webWorkflowRunsZhCN,
    ...tenantsZhCN,
    ...webTenantSettingsZhCN,
  },
  en: {
    ...en,
    ...patentRulesEn,
    ...webPatentRulesEn,
    ...accountsEn,
    ...webAccountsEn,
    ...webModelsEn,
    ...webOrgEn,
    ...webMenusEn,
    ...webPeopleEn,
    ...webUsersEn,
    ...webResignationEn,
    ...webAdminEn,
    ...modelsEn,
    ...iqlEn,
    ...inputsEn,
    ...rbacEn,
    ...configPacksEn,
    ...patentDocumentsEn,
    ...webPatentDocumentsEn,
    ...patentRelationsEn,
    ...webPatentRelationsEn,
    ...peopleEn,
    ...orgEn,
    ...rolesEn,
    ...menusEn,
    ...workflowDesignEn,
    ...workflowEn,
    ...webWorkflowDefinitionsEn,
    ...webWorkflowDesignerEn,
    ...webWorkflowRunsEn,
    ...tenantsEn,
    ...webTenantSettingsEn,
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a tag such as "en-US", "zh", "zh-Hans-CN" or "zh_CN" to a supported language, or undefined. */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().replace('_', '-').split('-')[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en';
  return undefined;
}

/** First supported language in an Accept-Language value, honouring q weights. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return undefined;
}

/** The request's language: explicit header first, then Accept-Language, then the default. */
export function resolveLanguage(explicit?: string | null, acceptLanguage?: string | null): Language {
  return matchLanguage(explicit) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

export type TranslateParams = Record<string, string | number>;

export function interpolate(text: string, params?: TranslateParams): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  return interpolate(messages[language][key], params);
}

/** The placeholder names a text uses, e.g. ["label", "message"]; the parity test compares them. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}
