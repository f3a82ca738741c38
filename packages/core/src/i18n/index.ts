// Languages, their resolution from headers and preferences, and a small translate function
// used by the server (the web uses i18next over the same flat maps).
import { interpolate, type Language, type TranslateParams } from './languages.js';
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

export * from './languages.js';

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

// Each area keeps its texts in a zh-CN/en pair of files; the pack is their union, with each domain's
// (its manifest's messages, checked for the same keys in both languages where it is declared). A function, not
// a constant: a bundle that uses only this module's other exports (the web's entry) leaves every text out.
const platformMessages = () => ({
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
});

/** The platform's texts and these domains' in each language (a test adds its own domain's). */
export function messagesOf(domains: readonly CoreDomain[]): Record<Language, Record<string, string>> {
  const platform = platformMessages();
  const pack = (language: Language) =>
    Object.assign({}, platform[language], ...domains.map((d) => d.messages[language])) as Record<string, string>;
  return { 'zh-CN': pack('zh-CN'), en: pack('en') };
}

// Sound: the platform's files and every domain's messages are typed with the same keys in both languages.
export const messages = /* @__PURE__ */ messagesOf(DOMAINS) as Record<Language, Record<MessageKey, string>>;

export function translate(language: Language, key: MessageKey, params?: TranslateParams): string {
  return interpolate(messages[language][key], params);
}
