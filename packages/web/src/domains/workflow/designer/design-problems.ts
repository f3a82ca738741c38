// Design problems as the designer shows them: the live check's (core's lintProcess, translated here) and
// the server's when it refuses to publish (400804 lists each problem as a field "<rule>:<element id>"),
// and which canvas markers they put on which elements. Pure, so it is tested without a canvas.
import type { DesignProblem, FieldError, MessageKey, TranslateParams } from '@ipdesk/core';

export type ProblemSeverity = 'error' | 'warning';

export interface ShownProblem {
  /** Stable within one list, for React and the tests. */
  key: string;
  rule: string;
  elementId: string;
  severity: ProblemSeverity;
  text: string;
}

export const MARKERS: Readonly<Record<ProblemSeverity, string>> = {
  error: 'ipdesk-design-error',
  warning: 'ipdesk-design-warning',
};

type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function shownProblems(problems: readonly DesignProblem[], t: Translate): ShownProblem[] {
  return problems.map((problem, index) => ({
    key: `${problem.rule}:${problem.elementId}:${index}`,
    rule: problem.rule,
    elementId: problem.elementId,
    severity: problem.severity,
    text: t(problem.messageKey, problem.params),
  }));
}

/** The problems of a refused publish, from the error's fields (the server's texts, in the user's language). */
export function refusedProblems(fields: readonly FieldError[]): ShownProblem[] {
  return fields.map((field, index) => {
    const at = field.field.indexOf(':');
    const rule = at < 0 ? field.field : field.field.slice(0, at);
    const elementId = at < 0 ? '' : field.field.slice(at + 1);
    return {
      key: `server:${field.field}:${index}`,
      rule,
      elementId,
      severity: 'error' as const,
      text: field.label ? `${field.label}: ${field.message}` : field.message,
    };
  });
}

/** The marker each element should carry: an error outranks a warning on the same element. */
export function markedElements(problems: readonly Pick<ShownProblem, 'elementId' | 'severity'>[]): Map<string, string> {
  const severities = new Map<string, ProblemSeverity>();
  for (const { elementId, severity } of problems) {
    if (elementId === '') continue;
    if (severities.get(elementId) !== 'error') severities.set(elementId, severity);
  }
  return new Map([...severities].map(([id, severity]) => [id, MARKERS[severity]]));
}

export const errorCount = (problems: readonly ShownProblem[]): number =>
  problems.filter((problem) => problem.severity === 'error').length;
