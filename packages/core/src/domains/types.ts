// A domain's manifest in core: everything the shared code needs to know about a business area (its
// models, option lists, default menus, resources and role grants, error codes and texts), so that the
// catalogue, menus, resources, default roles, error catalogue and language packs loop over DOMAINS
// instead of naming areas. Adding a domain is one folder with a manifest and one line in DOMAINS.
import type { Dictionary } from '../models/dictionary-types.js';
import type { ModelDeclaration } from '../models/define.js';
import type { DefaultMenu, MenuIcon } from '../rbac/menus.js';
import type { ResourceDeclaration } from '../rbac/resources.js';

/** The roles every tenant starts with (rbac/default-roles.ts); a domain grants them its resources. */
export const DEFAULT_ROLE_CODES = ['ip_specialist', 'department_lead', 'inventor', 'agency_agent'] as const;
export type DefaultRoleCode = (typeof DEFAULT_ROLE_CODES)[number];

/** An error of a domain: its stable code, the HTTP status it travels with, the key of its message. */
export interface DomainError<K extends string = string> {
  readonly code: number;
  readonly status: number;
  readonly messageKey: K;
}

export function domainError<const K extends string>(code: number, status: number, messageKey: K): DomainError<K> {
  return { code, status, messageKey };
}

/** An inclusive band of error codes a domain owns, e.g. [409350, 409449]. */
export type CodeRange = readonly [from: number, to: number];

/** Codes status*1000+from … status*1000+to for each status: how our own codes are numbered. */
export function codeBands(statuses: readonly number[], from: number, to: number): CodeRange[] {
  return statuses.map((status) => [status * 1000 + from, status * 1000 + to] as const);
}

/** A default menu a domain adds: where it goes (under a default group, or at the top) and in which place. */
export interface DomainMenu extends DefaultMenu {
  /** The key of the default group it goes under (e.g. "system"); at the top level when absent. */
  readonly parent?: string;
  /** Its place among its siblings: the platform's and every domain's menus share one order. */
  readonly sort: number;
}

/** The texts of a domain, zh-CN and en with the same keys (messages() checks that at compile time). */
export interface DomainMessages<K extends string = string> {
  readonly 'zh-CN': Readonly<Record<K, string>>;
  readonly en: Readonly<Record<K, string>>;
}

/** A key missing in en (or one en has that zh-CN lacks) fails the type-check. */
export function domainMessages<const K extends string>(
  zhCN: Readonly<Record<K, string>>,
  en: Readonly<Record<NoInfer<K>, string>>,
): DomainMessages<K> {
  return { 'zh-CN': zhCN, en };
}

export interface CoreDomain<K extends string = string> {
  /** The domain's name: its folder, and the key other packages' manifests use. */
  readonly name: string;
  /** Its declared models, in catalogue order (each gets its table, API, pages and resources). */
  readonly models: readonly ModelDeclaration[];
  /** Enterprise administration (people): its models' resources are never shared with agency users. */
  readonly enterpriseOnly?: boolean;
  /** Built-in option lists its fields use (data dictionary seeds). */
  readonly dictionaries: readonly Dictionary[];
  /** The default menus it adds to a new tenant's tree. */
  readonly menus: readonly DomainMenu[];
  /** Resources beyond its models' menus and buttons (pages, extra buttons). */
  readonly resources: readonly ResourceDeclaration[];
  /** What each default role is granted of it. */
  readonly grants: Readonly<Partial<Record<DefaultRoleCode, readonly string[]>>>;
  /** Its error codes, each inside one of its ranges; no two domains' ranges overlap. */
  readonly errors: {
    readonly ranges: readonly CodeRange[];
    readonly codes: Readonly<Record<string, DomainError<K>>>;
  };
  /** Its texts (server and web), merged into the language packs. */
  readonly messages: DomainMessages<K>;
}

/** A model's list menu: its resource is the model, its page the model's list. */
export function modelMenu(
  name: string,
  zh: string,
  en: string,
  icon: MenuIcon,
): DefaultMenu & { resource: string; path: string } {
  return { key: name, label: { zh, en }, resource: name, path: `/model/${name}`, icon };
}
