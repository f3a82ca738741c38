// Design problems as the API answers them: in the caller's language beside their key and parameters
// (the designer may translate them itself), and as the fields of the error that refuses a publish.
import {
  AppError,
  lintProcess,
  parseProcessXml,
  translate,
  type DesignProblem,
  type FieldIssue,
  type Language,
  type MessageKey,
  type ParsedProcess,
} from '@ipdesk/core';

export interface ProblemAnswer {
  rule: string;
  element_id: string;
  severity: 'error' | 'warning';
  message_key: string;
  params: Record<string, string | number>;
  message: string;
}

export function presentProblems(language: Language, problems: readonly DesignProblem[]): ProblemAnswer[] {
  return problems.map((p) => ({
    rule: p.rule,
    element_id: p.elementId,
    severity: p.severity,
    message_key: p.messageKey,
    params: p.params,
    message: translate(language, p.messageKey, p.params),
  }));
}

/**
 * 400804 listing the problems: each as a field named "<rule>:<element id>" (a BPMN id holds no colon),
 * labelled with the rule's name, so the client can both show it and find the element to highlight.
 */
export function designRefusal(problems: readonly DesignProblem[]): AppError {
  const issues: FieldIssue[] = problems.map((p) => ({
    field: `${p.rule}:${p.elementId}`,
    labelKey: `workflowDesign.rule.${p.rule}` as MessageKey,
    messageKey: p.messageKey,
    params: p.params,
  }));
  return new AppError('workflowDesignInvalid', { params: { count: problems.length }, issues });
}

export interface InspectedXml {
  parsed: ParsedProcess;
  problems: DesignProblem[];
}

/**
 * Parses and lints a definition with the same rules the designer runs. Which models are super modules
 * (no parallel gateways, spec §5) is not declared anywhere yet, so none is: the rule's option stays empty.
 */
export async function inspectXml(xml: string): Promise<InspectedXml> {
  const parsed = await parseProcessXml(xml);
  return { parsed, problems: await lintProcess(parsed.definitions) };
}

export const errorsOf = (problems: readonly DesignProblem[]): DesignProblem[] =>
  problems.filter((p) => p.severity === 'error');
