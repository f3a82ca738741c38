// The error codes of workflow (processes and their definitions): apart from the manifest so that the error catalogue (errors/catalogue.ts,
// which the web app's entry needs) gathers them without the domain's models and texts (domains/errors.ts).
import { codeBands, domainError, type CoreDomain } from '../types.js';

export const WORKFLOW_ERRORS = {
  // Running processes take x700-x799, their definitions x800-x899.
  ranges: codeBands([400, 403, 404, 409, 413, 415, 429], 700, 899),
  codes: {
    // Workflow design: process definitions (create, save a draft, publish, import and export).
    /** Params: key. */
    workflowDefinitionNotFound: domainError(404801, 404, 'error.workflowDefinitionNotFound'),
    /** Params: key. */
    workflowKeyExists: domainError(409801, 409, 'error.workflowKeyExists'),
    /** Someone saved or published the definition since it was loaded. */
    workflowVersionConflict: domainError(409802, 409, 'error.workflowVersionConflict'),
    /** Spec §5 "The model cannot be changed once a process is created". Params: model, requested. */
    workflowModelLocked: domainError(409803, 409, 'error.workflowModelLocked'),
    workflowNoDraft: domainError(409804, 409, 'error.workflowNoDraft'),
    /** Params: key. */
    workflowDraftExists: domainError(409805, 409, 'error.workflowDraftExists'),
    /** Issue 18: one published process per (model, lifecycle action) in a tenant. Params: action, key. */
    workflowActionBound: domainError(409806, 409, 'error.workflowActionBound'),
    /** Params: line (1-based; 0 when unknown). */
    workflowXmlInvalid: domainError(400801, 400, 'error.workflowXmlInvalid'),
    workflowNoProcess: domainError(400802, 400, 'error.workflowNoProcess'),
    /** Params: key, found (the process id in the XML). */
    workflowKeyMismatch: domainError(400803, 400, 'error.workflowKeyMismatch'),
    /** Params: count (problems that block publishing); fields: each problem (field = "<rule>:<element id>"). */
    workflowDesignInvalid: domainError(400804, 400, 'error.workflowDesignInvalid'),
    /** Params: model. */
    workflowModelUnknown: domainError(400805, 400, 'error.workflowModelUnknown'),
    /** Params: count, max. */
    workflowTooManyElements: domainError(400806, 400, 'error.workflowTooManyElements'),
    /** Params: condition. */
    workflowConditionInvalid: domainError(400807, 400, 'error.workflowConditionInvalid'),
    workflowImportNoBpmn: domainError(400808, 400, 'error.workflowImportNoBpmn'),
    /** Params: count. */
    workflowImportManyBpmn: domainError(400809, 400, 'error.workflowImportManyBpmn'),
    /** Issue 18: a process from another modeler names no model; the import asks for one. */
    workflowImportModelRequired: domainError(400811, 400, 'error.workflowImportModelRequired'),
    /** Params: max (characters). */
    workflowXmlTooLarge: domainError(413801, 413, 'error.workflowXmlTooLarge'),
    /** Spec §5: a process import is at most 10 MB, packed or unpacked. Params: max. */
    workflowImportTooLarge: domainError(413802, 413, 'error.workflowImportTooLarge'),
    /** Spec §5: only zip for process import. */
    workflowImportNotZip: domainError(415801, 415, 'error.workflowImportNotZip'),

    // Workflow engine: running processes (start, approve, return, withdraw, jump, add-sign, transfer, urge, end).
    workflowNotPublished: domainError(404701, 404, 'error.workflowNotPublished'),
    instanceNotFound: domainError(404702, 404, 'error.instanceNotFound'),
    taskNotFound: domainError(404703, 404, 'error.taskNotFound'),
    notAssignee: domainError(403701, 403, 'error.notAssignee'),
    notStarter: domainError(403702, 403, 'error.notStarter'),
    startNotAllowed: domainError(403703, 403, 'error.startNotAllowed'),
    addSignNotAllowed: domainError(403704, 403, 'error.addSignNotAllowed'),
    freeJumpNotAllowed: domainError(403705, 403, 'error.freeJumpNotAllowed'),
    instanceAlreadyOpen: domainError(409701, 409, 'error.instanceAlreadyOpen'),
    instanceNotRunning: domainError(409702, 409, 'error.instanceNotRunning'),
    /** A second approval of the same task (e.g. two tabs, or a race) loses with this. */
    taskAlreadyHandled: domainError(409703, 409, 'error.taskAlreadyHandled'),
    taskWaitingForSigners: domainError(409704, 409, 'error.taskWaitingForSigners'),
    withdrawNotAllowed: domainError(409705, 409, 'error.withdrawNotAllowed'),
    /** Params: node (the step's name). */
    noApprovers: domainError(409706, 409, 'error.noApprovers'),
    /** Params: node (the gateway's name). */
    noBranch: domainError(409707, 409, 'error.noBranch'),
    processLoop: domainError(409708, 409, 'error.processLoop'),
    /** Issue 18: a process bound to a lifecycle action starts only by running the action. Params: key, action. */
    instanceActionBound: domainError(409709, 409, 'error.instanceActionBound'),
    /**
     * Issue 18: while a process is open on a record (running, back with its starter, or a draft) its status
     * moves only by that process's outcome. Params: action, process.
     */
    actionWhileInProcess: domainError(409710, 409, 'error.actionWhileInProcess'),
    /** Spec §5: no crossing a parallel gateway when going back, withdrawing or jumping. */
    returnAcrossParallel: domainError(400701, 400, 'error.returnAcrossParallel'),
    returnTargetInvalid: domainError(400702, 400, 'error.returnTargetInvalid'),
    jumpTargetInvalid: domainError(400703, 400, 'error.jumpTargetInvalid'),
    /** Spec §8 levelApproveError: approval levels run 1 to 8. */
    levelApproveError: domainError(400704, 400, 'error.levelApproveError'),
    assigneeInvalid: domainError(400705, 400, 'error.assigneeInvalid'),
    /** Params: minutes (until the next urge is allowed). */
    urgeTooSoon: domainError(429701, 429, 'error.urgeTooSoon'),
    /** Starting a process on a record of another model than the definition's. Params: key, expected, model. */
    instanceModelMismatch: domainError(400706, 400, 'error.instanceModelMismatch'),
    /**
     * While a process is open on a record, only the fields its current step grants `edit` to the caller may
     * change (the starter edits freely while it is a draft or back with them). Params: field (label), process;
     * fields: each refused field.
     */
    fieldLockedByProcess: domainError(403706, 403, 'error.fieldLockedByProcess'),

    /**
     * A definition's approvers or copy recipients name users, roles, departments or companies that are not
     * the tenant's (another tenant's, or none). Params: count; fields: "<element id>:<kind>" each.
     */
    workflowApproverUnknown: domainError(400810, 400, 'error.workflowApproverUnknown'),
  },
} satisfies CoreDomain['errors'];
