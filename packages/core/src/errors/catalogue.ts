// The one catalogue of error codes: a stable numeric code, the HTTP status it travels with, and the
// i18n key of its message. Codes from the spec (§8) keep their numbers; our own use status*1000+n.
import { DOMAIN_ERRORS } from '../domains/errors.js';
import type { CoreDomain, DomainError } from '../domains/types.js';
import type { MessageKey } from '../i18n/index.js';

export interface ErrorDefinition {
  readonly code: number;
  readonly status: number;
  readonly messageKey: MessageKey;
}

function def(code: number, status: number, messageKey: MessageKey): ErrorDefinition {
  return { code, status, messageKey };
}

/** The platform's own codes: requests, sign-in and accounts, records, organisation and roles, imports. */
const PLATFORM_ERRORS = {
  badRequest: def(400000, 400, 'error.badRequest'),
  malformedBody: def(400001, 400, 'error.malformedBody'),
  emptyBody: def(400002, 400, 'error.emptyBody'),
  /** Spec §8: request validation; the client shows the first failing field's label plus the message. */
  validation: def(500001, 400, 'error.validation'),
  /** Spec §8: a model field rule failed (same client treatment as 500001). */
  fieldRule: def(500005, 400, 'error.fieldRule'),
  incorrectParameters: def(10001, 400, 'error.incorrectParameters'),

  unauthorized: def(401000, 401, 'error.unauthorized'),
  tokenExpired: def(30405, 401, 'error.tokenExpired'),
  tokenIllegal: def(30404, 401, 'error.tokenIllegal'),
  loggedOut: def(30409, 401, 'error.loggedOut'),
  cloudUnauthorized: def(502013, 401, 'error.cloudUnauthorized'),
  accountDisabled: def(30102, 403, 'error.accountDisabled'),
  /** Params: until (the unlock time, ISO 8601). */
  accountLocked: def(30116, 403, 'error.accountLockedUntil'),
  emailLoginOnly: def(30145, 403, 'error.emailLoginOnly'),
  ssoOnlyAny: def(30142, 403, 'error.ssoOnly.any'),
  ssoOnlyDingtalk: def(30173, 403, 'error.ssoOnly.dingtalk'),
  ssoOnlyWechat: def(30174, 403, 'error.ssoOnly.wechat'),
  ssoOnlyFeishu: def(30175, 403, 'error.ssoOnly.feishu'),
  ssoOnlyThirdParty: def(30176, 403, 'error.ssoOnly.thirdParty'),

  // 400, not 401: the spec's client is silent on 401 and would not show why sign-in failed.
  invalidCredentials: def(400102, 400, 'error.invalidCredentials'),
  passwordChangeRequired: def(403101, 403, 'error.passwordChangeRequired'),
  companyNotAllowed: def(403102, 403, 'error.companyNotAllowed'),
  resetLinkExpired: def(400101, 400, 'error.resetLinkExpired'),
  emailNotRegistered: def(400103, 400, 'error.emailNotRegistered'),
  mailNotConfigured: def(503101, 503, 'error.mailNotConfigured'),
  mailSendFailed: def(502101, 502, 'error.mailSendFailed'),
  fileType: def(415001, 415, 'error.fileType'),
  fileTooLarge: def(413001, 413, 'error.fileTooLarge'),

  modelNotFound: def(404201, 404, 'error.modelNotFound'),
  recordNotFound: def(404202, 404, 'error.recordNotFound'),
  /** Params: label, value. */
  duplicateValue: def(409201, 409, 'error.duplicateValue'),
  cursorInvalid: def(400201, 400, 'error.cursorInvalid'),
  // Lifecycle actions (models/lifecycle.ts). Params: model, action.
  actionUnknown: def(404203, 404, 'error.actionUnknown'),
  /** Params: action, status (labels in the caller's language). */
  actionNotFrom: def(409202, 409, 'error.actionNotFrom'),
  /** Params: action. */
  actionCommentRequired: def(400203, 400, 'error.actionCommentRequired'),
  /** Params: action, fields (labels). */
  actionNotSettable: def(400204, 400, 'error.actionNotSettable'),
  /** The record does not hold what the action runs `when` (a deadline already verified). Params: action, field, value (labels). */
  actionNotWhen: def(409204, 409, 'error.actionNotWhen'),
  /** Four eyes: the person in the action's `notBy` field may not run it. Params: action, field (labels). */
  actionSamePerson: def(403201, 403, 'error.actionSamePerson'),
  /** A delete refused by a child model declared `onParentDelete: 'refuse'`. Params: parent, model (labels), count. */
  childRecordsExist: def(409203, 409, 'error.childRecordsExist'),
  /** Spec §8 "Export link invalid: reselect the data". */
  exportLinkExpired: def(400202, 400, 'request.exportLinkInvalid'),
  // Custom fields (docs/models.md "Custom fields"). Params: kind (its label), name (the kind's API name).
  /** A reference kind whose target model is not declared yet (expert, virtual organisation, invoice). */
  customFieldKindNoTarget: def(400205, 400, 'error.customFieldKindNoTarget'),
  /** A kind custom fields never take (files, cascade paths, amounts with a currency, parent). */
  customFieldKindNotOffered: def(400206, 400, 'error.customFieldKindNotOffered'),

  forbidden: def(403000, 403, 'error.forbidden'),
  notFound: def(404000, 404, 'error.notFound'),
  routeNotFound: def(404001, 404, 'error.routeNotFound'),
  methodNotAllowed: def(405000, 405, 'error.methodNotAllowed'),
  conflict: def(409000, 409, 'error.conflict'),
  clientConflict: def(412000, 412, 'error.clientConflict'),
  payloadTooLarge: def(413000, 413, 'error.payloadTooLarge'),
  unsupportedMediaType: def(415000, 415, 'error.unsupportedMediaType'),
  rateLimited: def(429000, 429, 'error.rateLimited'),

  // Organisation, people, roles and permissions, menus, agencies.
  permissionDenied: def(403301, 403, 'error.permissionDenied'),
  menuNotAllowed: def(403302, 403, 'error.menuNotAllowed'),
  notCompanyAdmin: def(403303, 403, 'error.notCompanyAdmin'),
  personResigned: def(409301, 409, 'error.personResigned'),
  agencyInvalid: def(409302, 409, 'error.agencyInvalid'),
  /** Params: count. */
  agencyHasOpenAccounts: def(409303, 409, 'error.agencyHasOpenAccounts'),
  accountAlreadyOpen: def(409304, 409, 'error.accountAlreadyOpen'),
  accountNotOpen: def(409305, 409, 'error.accountNotOpen'),
  alreadyResigned: def(409306, 409, 'error.alreadyResigned'),
  departmentNotEmpty: def(409307, 409, 'error.departmentNotEmpty'),
  companyNotEmpty: def(409308, 409, 'error.companyNotEmpty'),
  /** Params: count. */
  roleInUse: def(409309, 409, 'error.roleInUse'),
  menuHasChildren: def(409310, 409, 'error.menuHasChildren'),
  statusUnchanged: def(409311, 409, 'error.statusUnchanged'),
  handoverInvalid: def(400301, 400, 'error.handoverInvalid'),
  menuMoveFirst: def(400302, 400, 'error.menuMoveFirst'),
  menuMoveLast: def(400303, 400, 'error.menuMoveLast'),
  menuBoundNoChildren: def(400304, 400, 'error.menuBoundNoChildren'),
  menuLevel: def(400305, 400, 'error.menuLevel'),
  treeCycle: def(400306, 400, 'error.treeCycle'),
  /** Params: resource. */
  resourceNotGrantable: def(400307, 400, 'error.resourceNotGrantable'),
  /** Params: resource. */
  resourceUnknown: def(400308, 400, 'error.resourceUnknown'),

  internal: def(500000, 500, 'error.internal'),
  accountCheckFailed: def(502014, 502, 'error.accountCheckFailed'),
  serviceUnavailable: def(503000, 503, 'error.serviceUnavailable'),

  // accounts (issue 15): a tenant's mail server must not point into the server's own network.
  /** Params: host. The host has no address. */
  mailHostUnknown: def(400104, 400, 'error.mailHostUnknown'),
  /** Params: host, address (the internal address it resolves to). */
  mailHostForbidden: def(400105, 400, 'error.mailHostForbidden'),

  // Imports (issue 15): a file holds at most MAX_IMPORT_ROWS data rows. Params: max.
  importTooManyRows: def(413015, 413, 'error.importTooManyRows'),

  // Batch edit (docs/models.md "Batch edit"), codes 4xx450–469. Params: field.
  batchFieldUnknown: def(400450, 400, 'error.batchFieldUnknown'),
  /** Params: label. A field not declared batch-editable. */
  batchFieldNotEditable: def(400451, 400, 'error.batchFieldNotEditable'),
  /** Params: label. A field the caller's field rules keep read-only or hidden. */
  batchFieldNotWritable: def(403450, 403, 'error.batchFieldNotWritable'),
  batchNoFields: def(400452, 400, 'error.batchNoFields'),
  batchSelectionEmpty: def(400453, 400, 'error.batchSelectionEmpty'),
  batchSelectionInvalid: def(400454, 400, 'error.batchSelectionInvalid'),
  /** Params: max, count. */
  batchTooMany: def(413450, 413, 'error.batchTooMany'),
  batchNotFound: def(404450, 404, 'error.batchNotFound'),
  batchNotUndoable: def(409450, 409, 'error.batchNotUndoable'),
  /** An undo's item whose record was written after the batch: skipped, never overwritten. */
  batchChangedSince: def(409451, 409, 'error.batchChangedSince'),

  // Files in fields (docs/models.md "Files in fields"), codes 4xx470–479. Params: label, and as named.
  /** Params: label, allowed. The content is not one of the kind's types (a renamed .exe, say). */
  fieldFileType: def(415470, 415, 'error.fieldFileType'),
  /** Params: label, max. */
  fieldFileTooLarge: def(413470, 413, 'error.fieldFileTooLarge'),
  /** Params: label, max. */
  fieldFileTooMany: def(413471, 413, 'error.fieldFileTooMany'),
  /** Params: label. A value naming a file that is neither the field's nor an upload of the caller's for it. */
  fieldFileUnknown: def(400470, 400, 'error.fieldFileUnknown'),
  /** Params: field. The upload names no file field of the model (or one the caller may not see). */
  fieldNotFile: def(400471, 400, 'error.fieldNotFile'),
  /** Params: label. The caller's field rules keep the field read-only. */
  fieldFileNotWritable: def(403470, 403, 'error.fieldFileNotWritable'),
  /** A file not in the record's field, of another tenant, or of a record out of the caller's scope. */
  fieldFileNotFound: def(404470, 404, 'error.fieldFileNotFound'),

  // Notification delivery (docs/notifications.md "Delivery"), codes 4xx490–499 / 502490.
  /** Not https (or http to an internal host where those are allowed), credentials in it, or too long. */
  webhookUrlInvalid: def(400490, 400, 'error.webhookUrlInvalid'),
  /** Params: host. */
  webhookHostUnknown: def(400491, 400, 'error.webhookHostUnknown'),
  /** Params: host, address. An internal address, unless the operator allows them (SMTP_ALLOW_INTERNAL_HOSTS). */
  webhookHostForbidden: def(400492, 400, 'error.webhookHostForbidden'),
  webhookSecretRequired: def(400493, 400, 'error.webhookSecretRequired'),
  webhookNotConfigured: def(409490, 409, 'error.webhookNotConfigured'),
  /** Params: reason (in the caller's language). */
  webhookTestFailed: def(502490, 502, 'error.webhookTestFailed'),
  deliveryNotFound: def(404490, 404, 'error.deliveryNotFound'),
  deliveryPending: def(409491, 409, 'error.deliveryPending'),
  // Notifications (docs/notifications.md "Inbox, watching, preferences").
  /** Params: event (its label). An account event is always in the inbox and mailed at once. */
  notificationEventMandatory: def(400494, 400, 'error.notificationEventMandatory'),
} as const satisfies Record<string, ErrorDefinition>;

/** Every code: the platform's and each domain's (their manifests' errors). */
export const errors = { ...PLATFORM_ERRORS, ...DOMAIN_ERRORS } satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errors;

/** Domains that cannot live together: a model, error code or error range claimed twice, a code outside its range. */
export class DomainConflictError extends Error {
  override name = 'DomainConflictError';
}

/** What is wrong with this set of domains (empty when they fit together and with the platform). */
export function domainProblems(domains: readonly CoreDomain[]): string[] {
  const problems: string[] = [];
  const models = new Map<string, string>();
  for (const domain of domains)
    for (const model of domain.models) {
      const owner = models.get(model.name);
      if (owner) problems.push(`model ${model.name} is declared by ${owner} and ${domain.name}`);
      else models.set(model.name, domain.name);
    }
  const codes = new Map<number, string>(Object.values(PLATFORM_ERRORS).map((e) => [e.code, 'the platform']));
  const ranges = domains.flatMap((domain) => domain.errors.ranges.map((range) => ({ domain: domain.name, range })));
  for (const [i, a] of ranges.entries())
    for (const b of ranges.slice(i + 1))
      if (a.domain !== b.domain && a.range[0] <= b.range[1] && b.range[0] <= a.range[1])
        problems.push(
          `error ranges of ${a.domain} [${a.range.join('-')}] and ${b.domain} [${b.range.join('-')}] overlap`,
        );
  for (const domain of domains)
    for (const [name, error] of Object.entries(domain.errors.codes)) {
      const owner = codes.get(error.code);
      if (owner) problems.push(`error code ${error.code} (${domain.name}.${name}) is also ${owner}'s`);
      else codes.set(error.code, domain.name);
      if (!domain.errors.ranges.some(([from, to]) => error.code >= from && error.code <= to))
        problems.push(`error code ${error.code} (${domain.name}.${name}) is outside the domain's ranges`);
    }
  return problems;
}

/** Refuses to start with domains that conflict (see domainProblems). */
export function assertDomains(domains: readonly CoreDomain[]): void {
  const problems = domainProblems(domains);
  if (problems.length) throw new DomainConflictError(`Domains conflict: ${problems.join('; ')}`);
}

const byCode = new Map<number, ErrorDefinition>(Object.values(errors).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorDefinition | undefined {
  return byCode.get(code);
}

/** A definition of the catalogue or of a domain the build does not list (a test's). */
export type AnyErrorDefinition = ErrorDefinition | DomainError;

/** Spec §8: these codes carry field details; the client shows the first field's label and message. */
export const VALIDATION_CODES: readonly number[] = [errors.validation.code, errors.fieldRule.code];

/** Success code of the response envelope. */
export const OK_CODE = 0;
