// The design rules as a bpmnlint plugin ("bpmnlint-plugin-ipdesk"): rule ids in the order problems are
// listed, first the tips of spec §5, then the structural rules the engine relies on.
import type { DesignRuleFactory } from '../problems.js';
import { conditionSyntax } from './condition-syntax.js';
import { endNeedsMerge } from './end-needs-merge.js';
import { exclusiveConditions } from './exclusive-conditions.js';
import { exclusiveParallelMerge } from './exclusive-parallel-merge.js';
import { flowCounts } from './flow-counts.js';
import { lifecycleAction } from './lifecycle-action.js';
import { levelApproveLink } from './level-approve-link.js';
import { levelApproveSettings } from './level-approve-settings.js';
import { parallelCrossing } from './parallel-crossing.js';
import { parallelNotAllowed } from './parallel-not-allowed.js';
import { reachable } from './reachable.js';
import { settingsValues } from './settings-values.js';
import { singleStart } from './single-start.js';
import { supportedElements } from './supported-elements.js';
import { taskApprovers } from './task-approvers.js';
import { uniqueVariable } from './unique-variable.js';

export const DESIGN_RULES = {
  'parallel-crossing': parallelCrossing,
  'exclusive-parallel-merge': exclusiveParallelMerge,
  'end-needs-merge': endNeedsMerge,
  'level-approve-link': levelApproveLink,
  'unique-variable': uniqueVariable,
  'parallel-not-allowed': parallelNotAllowed,
  'level-approve-settings': levelApproveSettings,
  'single-start': singleStart,
  'flow-counts': flowCounts,
  reachable,
  'task-approvers': taskApprovers,
  'supported-elements': supportedElements,
  'exclusive-conditions': exclusiveConditions,
  'condition-syntax': conditionSyntax,
  'settings-values': settingsValues,
  'lifecycle-action': lifecycleAction,
} as const satisfies Record<string, DesignRuleFactory>;

export type DesignRuleId = keyof typeof DESIGN_RULES;
export const DESIGN_RULE_IDS = Object.keys(DESIGN_RULES) as DesignRuleId[];

/** bpmnlint names a plugin's rules "<shortcut>/<rule>" and resolves them in package "bpmnlint-plugin-<shortcut>". */
export const DESIGN_PLUGIN_SHORTCUT = 'ipdesk';
export const DESIGN_PLUGIN_PACKAGE = `bpmnlint-plugin-${DESIGN_PLUGIN_SHORTCUT}`;
