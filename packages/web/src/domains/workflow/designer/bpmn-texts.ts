// bpmn-js asks its `translate` service for every text it shows (tooltips of the palette and the context
// pad, the replace menu's entries) with the English text as the template. The ones the designer keeps are
// mapped to our messages here; anything else falls back to bpmn-js' English, with its {placeholders} filled.
import type { MessageKey } from '@ipdesk/core';

export const BPMN_TEXTS: Readonly<Record<string, MessageKey>> = {
  'Activate hand tool': 'designer.bpmn.handTool',
  'Activate lasso tool': 'designer.bpmn.lassoTool',
  'Activate create/remove space tool': 'designer.bpmn.spaceTool',
  'Activate global connect tool': 'designer.bpmn.connectTool',
  'Create start event': 'designer.bpmn.createStart',
  'Create end event': 'designer.bpmn.createEnd',
  'Create user task': 'designer.bpmn.createUserTask',
  'Create exclusive gateway': 'designer.bpmn.createExclusive',
  'Create parallel gateway': 'designer.bpmn.createParallel',
  'Append end event': 'designer.bpmn.appendEnd',
  'Append user task': 'designer.bpmn.appendUserTask',
  'Append exclusive gateway': 'designer.bpmn.appendExclusive',
  'Append parallel gateway': 'designer.bpmn.appendParallel',
  'Connect to other element': 'designer.bpmn.connect',
  'Change element': 'designer.bpmn.change',
  Delete: 'designer.bpmn.delete',
  'Start event': 'designer.bpmn.startEvent',
  'End event': 'designer.bpmn.endEvent',
  'User task': 'designer.bpmn.userTask',
  'Exclusive gateway': 'designer.bpmn.exclusiveGateway',
  'Parallel gateway': 'designer.bpmn.parallelGateway',
  'Sequence flow': 'designer.bpmn.sequenceFlow',
  'Default flow': 'designer.bpmn.defaultFlow',
  'Conditional flow': 'designer.bpmn.conditionalFlow',
};

/** Fills bpmn-js' `{name}` placeholders; unknown ones stay as written. */
export function fillTemplate(text: string, replacements: Record<string, string> = {}): string {
  return text.replace(/{([^}]+)}/g, (whole, name: string) => replacements[name] ?? whole);
}

/** The translate function given to bpmn-js; `t` reads the current language each time it is called. */
export function bpmnTranslator(
  t: (key: MessageKey) => string,
): (template: string, replacements?: Record<string, string>) => string {
  return (template, replacements) => {
    const key = BPMN_TEXTS[template];
    return fillTemplate(key ? t(key) : template, replacements);
  };
}
