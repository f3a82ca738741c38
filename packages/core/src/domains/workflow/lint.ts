// Running the design rules: bpmnlint's Linter with an in-memory resolver that knows only our plugin, so
// nothing is looked up on disk and the same code runs in the browser (bpmnlint's Linter module requires
// nothing of Node; its file-system resolver lives in another module we do not import).
// @ts-expect-error bpmnlint ships no types for its entry point
import bpmnlint from 'bpmnlint';
import type { ModdleElement } from './moddle.js';
import type { DesignProblem, DesignRuleFactory, DesignSeverity } from './problems.js';
import {
  DESIGN_PLUGIN_PACKAGE,
  DESIGN_PLUGIN_SHORTCUT,
  DESIGN_RULE_IDS,
  DESIGN_RULES,
  type DesignRuleId,
} from './rules/index.js';
import type { MessageKey, TranslateParams } from '../../i18n/index.js';
import type { ModelDeclaration } from '../../models/define.js';
import { DOMAINS, modelsOf } from '../index.js';
import type { ApprovalActions } from './rules/lifecycle-action.js';

export type RuleLevel = 'error' | 'warn' | 'off';

export interface LintOptions {
  /** Models that are super modules: their processes may not use parallel gateways (spec §5). */
  superModules?: readonly string[];
  /** Per model, its lifecycle actions and whether each needs approval (default: the product's declarations). */
  approvalActions?: ApprovalActions;
  /** Per-rule level overrides; every rule is an error by default. */
  levels?: Partial<Record<DesignRuleId, RuleLevel>>;
}

type LintConfig = { rules: Record<string, RuleLevel | [RuleLevel, Record<string, unknown>]> };

/** The bpmnlint configuration of our rules (also what the designer's bpmn-js linting takes). */
export function designLintConfig(options: LintOptions = {}): LintConfig {
  const rules: LintConfig['rules'] = {};
  for (const id of DESIGN_RULE_IDS) {
    const level = options.levels?.[id] ?? 'error';
    rules[`${DESIGN_PLUGIN_SHORTCUT}/${id}`] =
      id === 'parallel-not-allowed'
        ? [level, { superModules: [...(options.superModules ?? [])] }]
        : id === 'lifecycle-action'
          ? [level, { approvalActions: options.approvalActions ?? productApprovalActions() }]
          : level;
  }
  return { rules };
}

/** The lifecycle actions of these models, and whether each is declared with `approval`. */
export function approvalActionsOf(models: readonly ModelDeclaration[]): ApprovalActions {
  return Object.fromEntries(
    models
      .filter((model) => model.lifecycle)
      .map((model) => [
        model.name,
        Object.fromEntries(
          Object.entries(model.lifecycle!.actions).map(([name, action]) => [name, action.approval !== undefined]),
        ),
      ]),
  );
}

let productActions: ApprovalActions | undefined;
/** The product's models are fixed (tenants add fields, not actions): worked out once. */
function productApprovalActions(): ApprovalActions {
  productActions ??= approvalActionsOf(modelsOf(DOMAINS));
  return productActions;
}

/** bpmnlint's resolver interface, answered from memory. */
export const designLintResolver = {
  resolveRule(pkg: string, ruleName: string): DesignRuleFactory | undefined {
    if (pkg !== DESIGN_PLUGIN_PACKAGE || !Object.prototype.hasOwnProperty.call(DESIGN_RULES, ruleName))
      return undefined;
    return DESIGN_RULES[ruleName as DesignRuleId];
  },
  resolveConfig(): undefined {
    return undefined;
  },
};

interface LintReport {
  id?: string;
  message: string;
  params?: TranslateParams;
  category: 'error' | 'warn' | 'info' | 'rule-error';
}

interface Linter {
  lint(root: ModdleElement, config: LintConfig): Promise<Record<string, LintReport[]>>;
}

// The library's constructor is untyped; Linter is the part of its API used here.
const LinterClass = (bpmnlint as { Linter: new (options: { resolver: typeof designLintResolver }) => Linter }).Linter;

function problemOf(ruleName: string, report: LintReport, fallbackId: string): DesignProblem {
  const rule = ruleName.slice(DESIGN_PLUGIN_SHORTCUT.length + 1);
  const severity: DesignSeverity = report.category === 'warn' || report.category === 'info' ? 'warning' : 'error';
  if (report.category === 'rule-error')
    // A rule that threw: publishing must not pass a check that did not run.
    return { rule, elementId: fallbackId, messageKey: 'workflowDesign.problem.ruleFailed', params: {}, severity };
  return {
    rule,
    elementId: report.id ?? fallbackId,
    messageKey: report.message as MessageKey,
    params: report.params ?? {},
    severity,
  };
}

/** Runs every design rule on a parsed diagram (the bpmn:Definitions root); problems in rule order. */
export async function lintProcess(definitions: ModdleElement, options: LintOptions = {}): Promise<DesignProblem[]> {
  const linter = new LinterClass({ resolver: designLintResolver });
  const results = await linter.lint(definitions, designLintConfig(options));
  const fallbackId = definitions.id ?? '';
  return DESIGN_RULE_IDS.flatMap((id) =>
    (results[`${DESIGN_PLUGIN_SHORTCUT}/${id}`] ?? []).map((report) =>
      problemOf(`${DESIGN_PLUGIN_SHORTCUT}/${id}`, report, fallbackId),
    ),
  );
}

/** Whether any problem blocks publishing. */
export const hasDesignErrors = (problems: readonly DesignProblem[]): boolean =>
  problems.some((problem) => problem.severity === 'error');
