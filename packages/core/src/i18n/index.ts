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
import { webUsersEn } from './web-users.en.js';
import { webUsersZhCN, type WebUsersMessageKey } from './web-users.zh-CN.js';
import { webResignationEn } from './web-resignation.en.js';
import { webBatchEditEn } from './web-batch-edit.en.js';
import { webDeadlinesEn } from './web-deadlines.en.js';
import { notificationsEn } from './notifications.en.js';
import { webNotificationsEn } from './web-notifications.en.js';
import { webNotificationsZhCN, type WebNotificationsMessageKey } from './web-notifications.zh-CN.js';
import { notificationsZhCN, type NotificationsMessageKey } from './notifications.zh-CN.js';
import { notificationDeliveryEn } from './notification-delivery.en.js';
import { notificationDeliveryZhCN, type NotificationDeliveryMessageKey } from './notification-delivery.zh-CN.js';
import { webNotificationDeliveryEn } from './web-notification-delivery.en.js';
import {
  webNotificationDeliveryZhCN,
  type WebNotificationDeliveryMessageKey,
} from './web-notification-delivery.zh-CN.js';
import { webDeadlinesZhCN, type WebDeadlinesMessageKey } from './web-deadlines.zh-CN.js';
import { webBatchEditZhCN, type WebBatchEditMessageKey } from './web-batch-edit.zh-CN.js';
import { webResignationZhCN, type WebResignationMessageKey } from './web-resignation.zh-CN.js';
import { rolesEn } from './roles.en.js';
import { rolesZhCN, type RolesMessageKey } from './roles.zh-CN.js';
import { orgEn } from './org.en.js';
import { orgZhCN, type OrgMessageKey } from './org.zh-CN.js';
import { configPacksEn } from './config-packs.en.js';
import { configPacksZhCN, type ConfigPacksMessageKey } from './config-packs.zh-CN.js';
import { DOMAINS, type DomainMessageKey } from '../domains/index.js';
import type { CoreDomain } from '../domains/types.js';
import { zhCN, type MessageKey as ShellMessageKey } from './zh-CN.js';
import { tenantsEn } from './tenants.en.js';
import { webTenantSettingsEn } from './web-tenant-settings.en.js';
import { webTenantSettingsZhCN, type WebTenantSettingsMessageKey } from './web-tenant-settings.zh-CN.js';
import { tenantsZhCN, type TenantsMessageKey } from './tenants.zh-CN.js';

export type MessageKey =
  | ShellMessageKey
  | AccountsMessageKey
  | WebAccountsMessageKey
  | WebModelsMessageKey
  | WebOrgMessageKey
  | WebMenusMessageKey
  | WebUsersMessageKey
  | WebResignationMessageKey
  | WebBatchEditMessageKey
  | WebDeadlinesMessageKey
  | NotificationsMessageKey
  | NotificationDeliveryMessageKey
  | WebNotificationDeliveryMessageKey
  | WebNotificationsMessageKey
  | WebAdminMessageKey
  | ModelsMessageKey
  | IqlMessageKey
  | InputsMessageKey
  | RbacMessageKey
  | ConfigPacksMessageKey
  | OrgMessageKey
  | RolesMessageKey
  | MenusMessageKey
  | TenantsMessageKey
  | WebTenantSettingsMessageKey
  | DomainMessageKey;
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

// Each area keeps its texts in a zh-CN/en pair of files; the pack is their union, with each domain's
// (its manifest's messages, checked for the same keys in both languages where it is declared).
const PLATFORM_MESSAGES = {
  'zh-CN': {
    ...zhCN,
    ...accountsZhCN,
    ...webAccountsZhCN,
    ...webModelsZhCN,
    ...webOrgZhCN,
    ...webMenusZhCN,
    ...webUsersZhCN,
    ...webResignationZhCN,
    ...webBatchEditZhCN,
    ...webDeadlinesZhCN,
    ...notificationsZhCN,
    ...notificationDeliveryZhCN,
    ...webNotificationDeliveryZhCN,
    ...webNotificationsZhCN,
    ...webAdminZhCN,
    ...modelsZhCN,
    ...iqlZhCN,
    ...inputsZhCN,
    ...rbacZhCN,
    ...configPacksZhCN,
    ...orgZhCN,
    ...rolesZhCN,
    ...menusZhCN,
    ...tenantsZhCN,
    ...webTenantSettingsZhCN,
  },
  en: {
    ...en,
    ...accountsEn,
    ...webAccountsEn,
    ...webModelsEn,
    ...webOrgEn,
    ...webMenusEn,
    ...webUsersEn,
    ...webResignationEn,
    ...webBatchEditEn,
    ...webDeadlinesEn,
    ...notificationsEn,
    ...notificationDeliveryEn,
    ...webNotificationDeliveryEn,
    ...webNotificationsEn,
    ...webAdminEn,
    ...modelsEn,
    ...iqlEn,
    ...inputsEn,
    ...rbacEn,
    ...configPacksEn,
    ...orgEn,
    ...rolesEn,
    ...menusEn,
    ...tenantsEn,
    ...webTenantSettingsEn,
  },
};

/** The platform's texts and these domains' in each language (a test adds its own domain's). */
export function messagesOf(domains: readonly CoreDomain[]): Record<Language, Record<string, string>> {
  const pack = (language: Language) =>
    Object.assign({}, PLATFORM_MESSAGES[language], ...domains.map((d) => d.messages[language])) as Record<
      string,
      string
    >;
  return { 'zh-CN': pack('zh-CN'), en: pack('en') };
}

// Sound: the platform's files and every domain's messages are typed with the same keys in both languages.
export const messages = messagesOf(DOMAINS) as Record<Language, Record<MessageKey, string>>;

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
