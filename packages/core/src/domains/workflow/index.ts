// Process definitions (issue 7, "Definitions and designer"): the executable graph, the ipdesk BPMN
// extension, parsing BPMN XML into the graph, the template of a new process, the design rules of spec §5
// as a bpmnlint plugin, and flow conditions in iql. Shared by the server and the web designer.
export * from './graph.js';
export {
  createProcessModdle,
  IPDESK_NAMESPACE_URI,
  IPDESK_PREFIX,
  ipdeskModdleDescriptor,
  type ModdleElement,
  type ProcessModdle,
} from './moddle.js';
export {
  APPROVAL_TYPE,
  APPROVER_KINDS_WITH_VALUES,
  FIELD_ACCESS_LEVELS,
  PROCESS_SETTINGS_TYPE,
  readProcessSettings,
  readTaskSettings,
  WORKFLOW_DEFAULTS,
  type TaskSettings,
} from './settings.js';
export * from './limits.js';
export { parseProcessXml, type ParsedProcess } from './parse.js';
export {
  ASSIGNEE_ATTRIBUTES,
  ASSIGNEE_KIND,
  bindImportedXml,
  FOREIGN_ASSIGNEE_NAMESPACES,
  foreignAssignments,
  isExpression,
  type AssigneeAttribute,
  type ForeignAssignment,
  type ForeignVendor,
  type ImportBinding,
} from './foreign-import.js';
export { processXmlTemplate, type ProcessTemplateInput } from './template.js';
export {
  checkCondition,
  CONDITION_ROOTS,
  evaluateCondition,
  evaluateExpression,
  parseCondition,
  type ConditionProblem,
  type ConditionRoot,
  type ConditionScope,
  type ParsedCondition,
} from './condition.js';
export type { DesignProblem, DesignSeverity } from './problems.js';
export { DESIGN_RULE_IDS, type DesignRuleId } from './rules/index.js';
export { BONUS_CATEGORY } from './rules/parallel-not-allowed.js';
export type { ApprovalActions } from './rules/lifecycle-action.js';
export {
  approvalActionsOf,
  designLintConfig,
  designLintResolver,
  hasDesignErrors,
  lintProcess,
  type LintOptions,
  type RuleLevel,
} from './lint.js';
