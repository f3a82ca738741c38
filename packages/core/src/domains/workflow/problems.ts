// What a design rule reports, and the small contract between our rule modules and bpmnlint: a rule is
// bpmnlint's `(config) => ({ check(node, reporter) })`, and it reports an i18n key with its parameters in
// place of a text, so the designer and the server show the problem in the reader's language.
import type { MessageKey, TranslateParams } from '../../i18n/index.js';
import type { ModdleElement } from './moddle.js';

export type DesignSeverity = 'error' | 'warning';

export interface DesignProblem {
  /** The rule's id, e.g. 'end-needs-merge' (bpmnlint name: 'ipdesk/end-needs-merge'). */
  rule: string;
  /** The BPMN element to highlight: a node, a sequence flow or the process. */
  elementId: string;
  messageKey: MessageKey;
  params: TranslateParams;
  /** Errors block publishing; warnings are shown only. */
  severity: DesignSeverity;
}

/** bpmnlint's reporter, as our rules use it. */
export interface DesignReporter {
  report(id: string, message: string, context: { params: TranslateParams }): void;
}

export interface DesignRule {
  check(node: ModdleElement, reporter: DesignReporter): void;
}

/** A rule module: bpmnlint calls it with the rule's configuration (the second item of its config entry). */
export type DesignRuleFactory = (config?: Record<string, unknown>) => DesignRule;

/** Reports one problem: the message is an i18n key, and its parameters travel beside it. */
export function report(
  reporter: DesignReporter,
  elementId: string,
  messageKey: MessageKey,
  params: TranslateParams = {},
): void {
  reporter.report(elementId, messageKey, { params });
}

/** How a message names an element: its label when it has one, else its id. */
export function labelOf(element: { id: string; name: string } | undefined, fallback = ''): string {
  if (!element) return fallback;
  return element.name.trim() === '' ? element.id : element.name;
}
