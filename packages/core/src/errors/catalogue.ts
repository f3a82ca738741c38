// The one catalogue of error codes: a stable numeric code, the HTTP status it travels with, and the
// i18n key of its message. Codes from the spec (§8) keep their numbers; our own use status*1000+n.
import type { MessageKey } from '../i18n/index.js';

export interface ErrorDefinition {
  readonly code: number;
  readonly status: number;
  readonly messageKey: MessageKey;
}

function def(code: number, status: number, messageKey: MessageKey): ErrorDefinition {
  return { code, status, messageKey };
}

export const errors = {
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
  /** Spec §8 "Export link invalid: reselect the data". */
  exportLinkExpired: def(400202, 400, 'request.exportLinkInvalid'),

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

  // Deadlines, fees and office calendars. Params: row, field, problem.
  calendarImportInvalid: def(400400, 400, 'error.calendarImportInvalid'),
  /** Params: max. */
  calendarImportTooMany: def(400401, 400, 'error.calendarImportTooMany'),
  // Patents helper (issue 14): fee records made from a schedule line.
  feeLineNotFound: def(404402, 404, 'error.feeLineNotFound'),
  feeRecordExists: def(409402, 409, 'error.feeRecordExists'),

  // Inventors and relations between patent cases.
  /** Params: sum (the current sum of the shares, in percent). */
  inventorContributionSum: def(400350, 400, 'error.inventorContributionSum'),
  relationSameCase: def(400351, 400, 'error.relationSameCase'),
  /** Params: count (warnings not confirmed); fields: every warning (field = its code). */
  relationWarnings: def(409350, 409, 'error.relationWarnings'),
  relationExists: def(409351, 409, 'error.relationExists'),
  relationNotFound: def(404350, 404, 'error.relationNotFound'),

  // Patent documents (upload, preview, required categories).
  documentNotFound: def(404301, 404, 'error.documentNotFound'),
  documentFileGone: def(404302, 404, 'error.documentFileGone'),
  documentItemMismatch: def(400331, 400, 'error.documentItemMismatch'),
  /** Params: width, height, dpi, maxWidth, maxHeight (centimetres). */
  designPictureDimensions: def(400332, 400, 'error.designPictureDimensions'),
  /** Params: max. */
  proofDocumentLimit: def(400333, 400, 'error.proofDocumentLimit'),
  /** Params: categories (their names in the caller's language). */
  documentsMissing: def(400334, 400, 'error.documentsMissing'),
  uploadIncomplete: def(400335, 400, 'error.uploadIncomplete'),
  /** Params: max. */
  documentTooLarge: def(413301, 413, 'error.documentTooLarge'),
  /** Params: max. */
  designPictureTooLarge: def(413302, 413, 'error.designPictureTooLarge'),
  /** Spec §8 "oversized: download instead". Params: max. */
  previewTooLarge: def(413303, 413, 'error.previewTooLarge'),
  /** Spec §8 "file format incorrect". Params: allowed. */
  documentFileType: def(415301, 415, 'error.documentFileType'),
  /** Params: allowed. */
  designPictureType: def(415302, 415, 'error.designPictureType'),
  /** Spec §8 "encrypted: download instead". */
  previewEncrypted: def(415303, 415, 'error.previewEncrypted'),
  previewUnsupported: def(415304, 415, 'error.previewUnsupported'),

  // Workflow design: process definitions (create, save a draft, publish, import and export).
  /** Params: key. */
  workflowDefinitionNotFound: def(404801, 404, 'error.workflowDefinitionNotFound'),
  /** Params: key. */
  workflowKeyExists: def(409801, 409, 'error.workflowKeyExists'),
  /** Someone saved or published the definition since it was loaded. */
  workflowVersionConflict: def(409802, 409, 'error.workflowVersionConflict'),
  /** Spec §5 "The model cannot be changed once a process is created". Params: model, requested. */
  workflowModelLocked: def(409803, 409, 'error.workflowModelLocked'),
  workflowNoDraft: def(409804, 409, 'error.workflowNoDraft'),
  /** Params: key. */
  workflowDraftExists: def(409805, 409, 'error.workflowDraftExists'),
  /** Params: line (1-based; 0 when unknown). */
  workflowXmlInvalid: def(400801, 400, 'error.workflowXmlInvalid'),
  workflowNoProcess: def(400802, 400, 'error.workflowNoProcess'),
  /** Params: key, found (the process id in the XML). */
  workflowKeyMismatch: def(400803, 400, 'error.workflowKeyMismatch'),
  /** Params: count (problems that block publishing); fields: each problem (field = "<rule>:<element id>"). */
  workflowDesignInvalid: def(400804, 400, 'error.workflowDesignInvalid'),
  /** Params: model. */
  workflowModelUnknown: def(400805, 400, 'error.workflowModelUnknown'),
  /** Params: count, max. */
  workflowTooManyElements: def(400806, 400, 'error.workflowTooManyElements'),
  /** Params: condition. */
  workflowConditionInvalid: def(400807, 400, 'error.workflowConditionInvalid'),
  workflowImportNoBpmn: def(400808, 400, 'error.workflowImportNoBpmn'),
  /** Params: count. */
  workflowImportManyBpmn: def(400809, 400, 'error.workflowImportManyBpmn'),
  /** Params: max (characters). */
  workflowXmlTooLarge: def(413801, 413, 'error.workflowXmlTooLarge'),
  /** Spec §5: a process import is at most 10 MB, packed or unpacked. Params: max. */
  workflowImportTooLarge: def(413802, 413, 'error.workflowImportTooLarge'),
  /** Spec §5: only zip for process import. */
  workflowImportNotZip: def(415801, 415, 'error.workflowImportNotZip'),

  internal: def(500000, 500, 'error.internal'),
  accountCheckFailed: def(502014, 502, 'error.accountCheckFailed'),
  serviceUnavailable: def(503000, 503, 'error.serviceUnavailable'),

  // Workflow engine: running processes (start, approve, return, withdraw, jump, add-sign, transfer, urge, end).
  workflowNotPublished: def(404701, 404, 'error.workflowNotPublished'),
  instanceNotFound: def(404702, 404, 'error.instanceNotFound'),
  taskNotFound: def(404703, 404, 'error.taskNotFound'),
  notAssignee: def(403701, 403, 'error.notAssignee'),
  notStarter: def(403702, 403, 'error.notStarter'),
  startNotAllowed: def(403703, 403, 'error.startNotAllowed'),
  addSignNotAllowed: def(403704, 403, 'error.addSignNotAllowed'),
  freeJumpNotAllowed: def(403705, 403, 'error.freeJumpNotAllowed'),
  instanceAlreadyOpen: def(409701, 409, 'error.instanceAlreadyOpen'),
  instanceNotRunning: def(409702, 409, 'error.instanceNotRunning'),
  /** A second approval of the same task (e.g. two tabs, or a race) loses with this. */
  taskAlreadyHandled: def(409703, 409, 'error.taskAlreadyHandled'),
  taskWaitingForSigners: def(409704, 409, 'error.taskWaitingForSigners'),
  withdrawNotAllowed: def(409705, 409, 'error.withdrawNotAllowed'),
  /** Params: node (the step's name). */
  noApprovers: def(409706, 409, 'error.noApprovers'),
  /** Params: node (the gateway's name). */
  noBranch: def(409707, 409, 'error.noBranch'),
  processLoop: def(409708, 409, 'error.processLoop'),
  /** Spec §5: no crossing a parallel gateway when going back, withdrawing or jumping. */
  returnAcrossParallel: def(400701, 400, 'error.returnAcrossParallel'),
  returnTargetInvalid: def(400702, 400, 'error.returnTargetInvalid'),
  jumpTargetInvalid: def(400703, 400, 'error.jumpTargetInvalid'),
  /** Spec §8 levelApproveError: approval levels run 1 to 8. */
  levelApproveError: def(400704, 400, 'error.levelApproveError'),
  assigneeInvalid: def(400705, 400, 'error.assigneeInvalid'),
  /** Params: minutes (until the next urge is allowed). */
  urgeTooSoon: def(429701, 429, 'error.urgeTooSoon'),
  /** Starting a process on a record of another model than the definition's. Params: key, expected, model. */
  instanceModelMismatch: def(400706, 400, 'error.instanceModelMismatch'),
  /**
   * While a process is open on a record, only the fields its current step grants `edit` to the caller may
   * change (the starter edits freely while it is a draft or back with them). Params: field (label), process;
   * fields: each refused field.
   */
  fieldLockedByProcess: def(403706, 403, 'error.fieldLockedByProcess'),

  // accounts (issue 15): a tenant's mail server must not point into the server's own network.
  /** Params: host. The host has no address. */
  mailHostUnknown: def(400104, 400, 'error.mailHostUnknown'),
  /** Params: host, address (the internal address it resolves to). */
  mailHostForbidden: def(400105, 400, 'error.mailHostForbidden'),

  // Imports (issue 15): a file holds at most MAX_IMPORT_ROWS data rows. Params: max.
  importTooManyRows: def(413015, 413, 'error.importTooManyRows'),

  // Authorization hardening (issue 15).
  /**
   * A definition's approvers or copy recipients name users, roles, departments or companies that are not
   * the tenant's (another tenant's, or none). Params: count; fields: "<element id>:<kind>" each.
   */
  workflowApproverUnknown: def(400810, 400, 'error.workflowApproverUnknown'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errors;

const byCode = new Map<number, ErrorDefinition>(Object.values(errors).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorDefinition | undefined {
  return byCode.get(code);
}

/** Spec §8: these codes carry field details; the client shows the first field's label and message. */
export const VALIDATION_CODES: readonly number[] = [errors.validation.code, errors.fieldRule.code];

/** Success code of the response envelope. */
export const OK_CODE = 0;
