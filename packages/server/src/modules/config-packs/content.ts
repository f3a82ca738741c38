// What a configuration pack holds (roles with their function permissions, dictionary options, a menu
// tree, custom fields) and the rules it must meet beyond its shape: resources the product knows and a
// role of its platform may hold, dictionaries the product knows, no code, name or key twice, and the
// rules of menu and custom-field administration. Checked on save and again per item when the pack is
// applied, since the catalogue or the stored content may have changed in between.
import {
  BUILT_IN_DICTIONARIES,
  DICTIONARY_KEY_PATTERN,
  ROLE_CODE_PATTERN,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  grantable,
  type FieldIssue,
  type ResourceCatalog,
} from '@ipdesk/core';
import { z } from 'zod';
import { labelled } from '../../http/labels.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { checkCustomField, packCustomFieldSchema } from './pack-fields.js';
import { checkMenu, packMenusSchema } from './pack-menus.js';

/** Scopes a pack may set: "departments" needs department sids, which differ per tenant. */
export const PACK_DATA_SCOPES = ['all', 'company', 'department', 'own'] as const;

export const packRoleSchema = z
  .object({
    code: labelled(z.string().regex(ROLE_CODE_PATTERN), 'field.packRoleCode'),
    name: labelled(z.string().trim().min(1).max(ROLE_NAME_MAX), 'field.packRoleName'),
    platform: labelled(z.union([z.literal(1), z.literal(2)]), 'field.packRolePlatform'),
    description: labelled(z.string().trim().max(ROLE_DESCRIPTION_MAX), 'field.packRoleDescription').optional(),
    weight: labelled(z.number().int().min(-1_000_000).max(1_000_000), 'field.packRoleWeight').optional(),
    resources: labelled(z.array(z.string().min(1).max(64)).max(2000), 'field.packRoleResources'),
    data_scope: labelled(z.enum(PACK_DATA_SCOPES), 'field.packRoleDataScope').optional(),
  })
  .strict();

export const packOptionSchema = z
  .object({
    key: labelled(z.string().regex(DICTIONARY_KEY_PATTERN), 'field.packOptionKey'),
    label_zh: labelled(z.string().trim().min(1).max(255), 'field.packOptionLabelZh'),
    label_en: labelled(z.string().trim().min(1).max(255), 'field.packOptionLabelEn'),
    disabled: labelled(z.boolean(), 'field.packOptionDisabled').optional(),
  })
  .strict();

export const packDictionarySchema = z
  .object({
    name: labelled(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), 'field.packDictionaryName'),
    options: labelled(z.array(packOptionSchema).min(1).max(1000), 'field.packOptions'),
  })
  .strict();

export const packContentSchema = labelled(
  z
    .object({
      roles: labelled(z.array(packRoleSchema).max(500), 'field.packRoles').optional(),
      dictionaries: labelled(z.array(packDictionarySchema).max(200), 'field.packDictionaries').optional(),
      custom_fields: labelled(z.array(packCustomFieldSchema).max(500), 'field.packCustomFields').optional(),
      menus: packMenusSchema.optional(),
    })
    .strict(),
  'field.configPackContent',
);

export type PackRole = z.infer<typeof packRoleSchema>;
export type PackDictionary = z.infer<typeof packDictionarySchema>;
export type PackContent = z.infer<typeof packContentSchema>;

/** Dictionaries the product knows: the built-in ones and those the declared models' fields use. */
export function knownDictionaries(registry: ModelRegistry): ReadonlySet<string> {
  const names = new Set(BUILT_IN_DICTIONARIES.map((d) => d.name));
  for (const model of registry.all()) {
    for (const field of model.fields.values()) {
      if (field.declaration?.dictionary) names.add(field.declaration.dictionary);
    }
  }
  return names;
}

/** What the checks need to know besides the item: the catalogue, and what earlier items already used. */
export interface CheckContext {
  catalog: ResourceCatalog;
  registry: Pick<ModelRegistry, 'get'>;
  dictionaries: ReadonlySet<string>;
  /** Dictionaries an option field may use besides the built-in ones: the tenant's and the pack's. */
  fieldDictionaries: Set<string>;
  /**
   * Lower-cased codes, "platform:lower-cased name", dictionary names, "model:lower-cased code" of
   * custom fields and the number of menus seen so far in the pack.
   */
  seen: { codes: Set<string>; names: Set<string>; dictionaries: Set<string>; customFields: Set<string>; menus: number };
}

export function checkContext(registry: ModelRegistry, tenantDictionaries: Iterable<string>): CheckContext {
  return {
    catalog: registry.resources,
    registry,
    dictionaries: knownDictionaries(registry),
    fieldDictionaries: new Set(tenantDictionaries),
    seen: { codes: new Set(), names: new Set(), dictionaries: new Set(), customFields: new Set(), menus: 0 },
  };
}

/** Problems of one role of the pack; field paths are relative to the pack's content. */
export function checkRole(role: PackRole, index: number, context: CheckContext): FieldIssue[] {
  const at = `roles.${index}`;
  const issues: FieldIssue[] = [];
  const code = role.code.toLowerCase();
  if (context.seen.codes.has(code))
    issues.push({
      field: `${at}.code`,
      labelKey: 'field.packRoleCode',
      messageKey: 'configPack.duplicateRoleCode',
      params: { code: role.code },
    });
  context.seen.codes.add(code);
  const name = `${role.platform}:${role.name.toLowerCase()}`;
  if (context.seen.names.has(name))
    issues.push({
      field: `${at}.name`,
      labelKey: 'field.packRoleName',
      messageKey: 'configPack.duplicateRoleName',
      params: { name: role.name },
    });
  context.seen.names.add(name);
  role.resources.forEach((code, i) => {
    const resource = context.catalog.byCode(code);
    if (!resource)
      issues.push({
        field: `${at}.resources.${i}`,
        labelKey: 'field.packRoleResources',
        messageKey: 'configPack.resourceUnknown',
        params: { resource: code },
      });
    else if (!grantable(resource, role.platform))
      issues.push({
        field: `${at}.resources.${i}`,
        labelKey: 'field.packRoleResources',
        messageKey: 'configPack.resourceNotGrantable',
        params: { resource: code, platform: role.platform },
      });
  });
  return issues;
}

/** Problems of one dictionary of the pack. */
export function checkDictionary(dictionary: PackDictionary, index: number, context: CheckContext): FieldIssue[] {
  const at = `dictionaries.${index}`;
  const issues: FieldIssue[] = [];
  if (!context.dictionaries.has(dictionary.name))
    issues.push({
      field: `${at}.name`,
      labelKey: 'field.packDictionaryName',
      messageKey: 'configPack.dictionaryUnknown',
      params: { dictionary: dictionary.name },
    });
  else if (context.seen.dictionaries.has(dictionary.name))
    issues.push({
      field: `${at}.name`,
      labelKey: 'field.packDictionaryName',
      messageKey: 'configPack.duplicateDictionary',
      params: { dictionary: dictionary.name },
    });
  else context.fieldDictionaries.add(dictionary.name);
  context.seen.dictionaries.add(dictionary.name);
  const keys = new Set<string>();
  dictionary.options.forEach((option, i) => {
    if (keys.has(option.key))
      issues.push({
        field: `${at}.options.${i}.key`,
        labelKey: 'field.packOptionKey',
        messageKey: 'configPack.duplicateOptionKey',
        params: { key: option.key },
      });
    keys.add(option.key);
  });
  return issues;
}

/**
 * Every problem of a pack's content, as issues under the field "content". Dictionaries come before
 * custom fields: an option field may use a dictionary the pack gives options.
 */
export function checkContent(content: PackContent, context: CheckContext): FieldIssue[] {
  return [
    ...(content.roles ?? []).flatMap((role, i) => checkRole(role, i, context)),
    ...(content.dictionaries ?? []).flatMap((dictionary, i) => checkDictionary(dictionary, i, context)),
    ...(content.custom_fields ?? []).flatMap((field, i) => checkCustomField(field, i, context)),
    ...(content.menus ?? []).flatMap((menu, i) => checkMenu(menu, i, context)),
  ].map((issue) => ({ ...issue, field: `content.${issue.field}` }));
}
