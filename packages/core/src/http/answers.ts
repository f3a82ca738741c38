// The shapes of API answers the server and the web share (issue 17 item 5): the server uses these zod
// schemas as its routes' response schemas (they document the answer in /openapi and strip what they do not
// name), the web reads the same shapes with `z.infer` (type-only imports: no zod in the web's bundle). A
// field renamed here fails the type-check on both sides instead of drifting.
import { z } from 'zod';
import { DATA_TYPES, FIELD_KINDS } from '../models/field-kinds.js';
import { STATUS_COLORS } from '../models/lifecycle.js';
import { MENU_LEVELS, MENU_OPEN_TYPES, MENU_SCOPES } from '../rbac/menus.js';
import { AUTHORIZATION_LEVELS, RESOURCE_TYPES } from '../rbac/resources.js';
import { DATA_SCOPES, FIELD_ACCESS } from '../rbac/permissions.js';
import { NOTIFICATION_GROUPS } from '../notifications/events.js';

// ---- GET model/{model}/do/schema ----

export const schemaOptionAnswer = z.object({
  value: z.string(),
  label: z.string(),
  disabled: z.boolean().optional(),
  /** For cascade dictionaries: the key of the option above this one (absent or null: a top-level option). */
  parent: z.string().nullable().optional(),
});

export const schemaFieldFlagsAnswer = z.object({
  searchFilter: z.boolean(),
  keyword: z.boolean(),
  tableColumn: z.boolean(),
  import: z.boolean(),
  export: z.boolean(),
  processVariable: z.boolean(),
  approval: z.boolean(),
  batchEdit: z.boolean(),
});

/** One field, labels already in the request's language. */
export const schemaFieldAnswer = z.object({
  name: z.string(),
  label: z.string(),
  labels: z.object({ zh: z.string(), en: z.string() }).optional(),
  kind: z.enum(FIELD_KINDS),
  data_type: z.enum(DATA_TYPES),
  system: z.boolean(),
  custom: z.boolean().optional(),
  multiple: z.boolean(),
  required: z.boolean(),
  unique: z.boolean(),
  min_length: z.number().nullable(),
  max_length: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  scale: z.number().nullable(),
  dictionary: z.string().nullable(),
  target: z.string().nullable(),
  options: z.array(schemaOptionAnswer).nullable(),
  flags: schemaFieldFlagsAnswer,
  // The answer is permission-aware (docs/api/organisation-rbac.md): fields hidden from the caller are absent.
  /** Not writable by this caller: managed by the model's own actions, or a read-only rule of their role. */
  read_only: z.boolean().optional(),
  /** The caller sees the value masked (138****5678): not filtered, sorted on, or changed on update. */
  masked: z.boolean().optional(),
  /** User fields: whether a user reads as their name or their sign-in account. */
  user_display: z.enum(['name', 'account']).optional(),
});

/** What the caller may do with a model's records, so the UI offers only what the server allows. */
export const modelAbilitiesAnswer = z.object({
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  import: z.boolean(),
  export: z.boolean(),
});

/** A lifecycle's status: its key, label (the status dictionary's, in the request's language), colour, finality. */
export const lifecycleStatusAnswer = z.object({
  key: z.string(),
  label: z.string(),
  color: z.enum(STATUS_COLORS),
  final: z.boolean(),
});

/** A lifecycle action as the UI offers it; `allowed` says whether the caller holds its button. */
export const lifecycleActionAnswer = z.object({
  name: z.string(),
  label: z.string(),
  from: z.array(z.string()),
  to: z.string(),
  comment: z.enum(['required', 'optional']),
  /** The fields the action sets (asked for in its dialog), and those that must hold a value after it. */
  sets: z.array(z.string()),
  requires: z.array(z.string()),
  confirm: z.string().nullable(),
  /** Whether it may start an approval instead of moving the status at once. */
  approval: z.boolean(),
  allowed: z.boolean(),
});

export const lifecycleAnswer = z.object({
  field: z.string(),
  initial: z.string(),
  statuses: z.array(lifecycleStatusAnswer),
  actions: z.array(lifecycleActionAnswer),
});

export const modelSchemaAnswer = z.object({
  name: z.string(),
  label: z.string(),
  title_field: z.string(),
  version: z.number().optional(),
  fields: z.array(schemaFieldAnswer),
  abilities: modelAbilitiesAnswer.optional(),
  /** The fields the model's non-blocking warnings read (a form checks them as they change). */
  warning_fields: z.array(z.string()).optional(),
  /** Statuses and the actions that move them, when the model declares a lifecycle. */
  lifecycle: lifecycleAnswer.optional(),
  /** The record this model's records belong to (ModelDeclaration.parent), when the caller sees the link. */
  parent: z.object({ model: z.string(), field: z.string() }).optional(),
  /**
   * The child models the caller may list (view right, the link field visible), for the detail page's tabs:
   * the child model, its field pointing here, and its label in the caller's language.
   */
  children: z.array(z.object({ model: z.string(), field: z.string(), label: z.string() })).optional(),
});

// ---- POST model/{model}/do/action/{action} ----

/**
 * What running a lifecycle action did to one record: done (the status moved), started (an approval runs
 * and moves it when it ends), or refused with the catalogue's code and a message in the caller's language.
 */
export const actionResultAnswer = z.discriminatedUnion('outcome', [
  z.object({ sid: z.string(), outcome: z.literal('done'), status: z.string(), version: z.number() }),
  z.object({ sid: z.string(), outcome: z.literal('started'), instance_sid: z.string() }),
  z.object({ sid: z.string(), outcome: z.literal('refused'), code: z.number(), message: z.string() }),
]);

export const actionRunAnswer = z.object({
  results: z.array(actionResultAnswer),
  done: z.number(),
  started: z.number(),
  refused: z.number(),
});

export type ActionResult = z.infer<typeof actionResultAnswer>;
export type ActionRun = z.infer<typeof actionRunAnswer>;

export type SchemaOption = z.infer<typeof schemaOptionAnswer>;
export type SchemaFieldFlags = z.infer<typeof schemaFieldFlagsAnswer>;
export type SchemaField = z.infer<typeof schemaFieldAnswer>;
export type ModelAbilities = z.infer<typeof modelAbilitiesAnswer>;
export type ModelSchema = z.infer<typeof modelSchemaAnswer>;
export type LifecycleAnswer = z.infer<typeof lifecycleAnswer>;
export type LifecycleActionAnswer = z.infer<typeof lifecycleActionAnswer>;

// ---- menus (GET menu/do/my, menu/do/tree) and the resource tree ----

// The menu table's checks guarantee these values (level 1–4, open type, scope, status).
export const menuRowAnswer = z.object({
  sid: z.string(),
  parent_sid: z.string().nullable(),
  level: z.literal(MENU_LEVELS),
  name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  resource_code: z.string().nullable(),
  path: z.string().nullable(),
  open_type: z.enum(MENU_OPEN_TYPES),
  icon: z.string().nullable(),
  scope: z.literal(MENU_SCOPES),
  sort_by: z.number(),
  status: z.literal([0, 1]),
  version: z.number(),
});

/** A menu of the administration tree with its children (recursive: named in the API document). */
// The getters' return types are spelled out: TypeScript cannot infer a type that refers to itself.
export const menuTreeNodeAnswer = menuRowAnswer.extend({
  get children(): z.ZodOptional<z.ZodArray<typeof menuTreeNodeAnswer>> {
    return z.array(menuTreeNodeAnswer).optional();
  },
});

/** A menu in the user's own navigation: what it shows and opens, and its visible children. */
export const myMenuAnswer = menuRowAnswer
  .pick({
    sid: true,
    name: true,
    name_zh: true,
    name_en: true,
    resource_code: true,
    path: true,
    open_type: true,
    icon: true,
    level: true,
  })
  .extend({
    get children(): z.ZodOptional<z.ZodArray<typeof myMenuAnswer>> {
      return z.array(myMenuAnswer).optional();
    },
  });

/** The caller's menu tree and every resource they hold. */
export const myMenusAnswer = z.object({ menus: z.array(myMenuAnswer), resources: z.array(z.string()) });

export const resourceNodeAnswer = z.object({
  code: z.string(),
  type: z.enum(RESOURCE_TYPES),
  parent: z.string().nullable(),
  /** In the caller's language. */
  name: z.string(),
  level: z.enum(AUTHORIZATION_LEVELS),
  sort: z.number(),
  endpoints: z.array(z.string()).optional(),
  get children(): z.ZodOptional<z.ZodArray<typeof resourceNodeAnswer>> {
    return z.array(resourceNodeAnswer).optional();
  },
});

export type MenuRow = z.infer<typeof menuTreeNodeAnswer>;
export type MyMenuNode = z.infer<typeof myMenuAnswer>;
export type MyMenus = z.infer<typeof myMenusAnswer>;
export type ResourceTreeNode = z.infer<typeof resourceNodeAnswer>;

// ---- a role's permissions (GET/PUT role/do/permissions) ----

export const fieldRuleAnswer = z.object({ model: z.string(), field: z.string(), access: z.enum(FIELD_ACCESS) });
export const modelScopeAnswer = z.object({
  model: z.string(),
  scope: z.enum(DATA_SCOPES),
  department_sids: z.array(z.string()),
});

/** The whole permission set of a role, as read and as saved (the save replaces everything). */
export const rolePermissionsAnswer = z.object({
  sid: z.string(),
  version: z.number(),
  resources: z.array(z.string()),
  field_rules: z.array(fieldRuleAnswer),
  data_scope: z.enum(DATA_SCOPES),
  data_departments: z.array(z.string()),
  model_scopes: z.array(modelScopeAnswer),
});

export type FieldRule = z.infer<typeof fieldRuleAnswer>;
export type ModelScope = z.infer<typeof modelScopeAnswer>;
export type RolePermissions = z.infer<typeof rolePermissionsAnswer>;

// ---- GET /webapi/notifications ----

/** One notification in the reader's inbox, rendered in their language (timestamps as ISO 8601 UTC text). */
export const inboxItemAnswer = z.object({
  sid: z.string(),
  /** The event's code; a code this version no longer knows is still answered (the title says what it was). */
  event: z.string(),
  event_label: z.string(),
  group: z.enum(NOTIFICATION_GROUPS),
  /** Already in the reader's language; "(a record you cannot see)" for a record they may not read. */
  title: z.string(),
  /** The app path it opens (the record's page), null when there is nothing the reader may open. */
  link: z.string().nullable(),
  /** The record, only when the reader may read it now. */
  model: z.string().nullable(),
  record_sid: z.string().nullable(),
  actor_sid: z.string().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

export const inboxPageAnswer = z.object({
  items: z.array(inboxItemAnswer),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.string().nullable(),
});

export type InboxItem = z.infer<typeof inboxItemAnswer>;
export type InboxPage = z.infer<typeof inboxPageAnswer>;
