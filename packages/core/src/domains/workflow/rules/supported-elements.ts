// The engine runs plain start and end events, user tasks, exclusive and parallel gateways and the
// sequence flows between them, in one process per diagram. Anything else in the flow is reported
// rather than ignored, because ignoring it would run a different process than the one drawn.
// Documentation (annotations, groups, lanes, data objects) is allowed and has no effect.
import { nodeKindOf } from '../build-graph.js';
import { executableProcess, listOf, type ModdleElement } from '../moddle.js';
import { report, type DesignReporter, type DesignRuleFactory } from '../problems.js';

/** The type's local name ('bpmn:ServiceTask' → 'serviceTask'), as modelers label it. */
const shortType = (type: string): string => {
  const local = type.slice(type.indexOf(':') + 1);
  return local.charAt(0).toLowerCase() + local.slice(1);
};

function checkProcess(process: ModdleElement, reporter: DesignReporter): void {
  for (const element of listOf(process, 'flowElements')) {
    if (!element.id || element.$type === 'bpmn:SequenceFlow' || !element.$instanceOf('bpmn:FlowNode')) continue;
    const kind = nodeKindOf(element);
    if (!kind)
      report(reporter, element.id, 'workflowDesign.problem.unsupportedElement', { type: shortType(element.$type) });
    else if ((kind === 'start' || kind === 'end') && listOf(element, 'eventDefinitions').length > 0)
      report(reporter, element.id, 'workflowDesign.problem.unsupportedEventDefinition');
    else if (kind === 'userTask' && element['loopCharacteristics'])
      report(reporter, element.id, 'workflowDesign.problem.multiInstance');
  }
}

export const supportedElements: DesignRuleFactory = () => ({
  check(node, reporter) {
    if (node.$type !== 'bpmn:Definitions') return;
    const executable = executableProcess(node);
    for (const root of listOf(node, 'rootElements')) {
      if (root.$type !== 'bpmn:Process') continue;
      if (root === executable) checkProcess(root, reporter);
      else if (root.id) report(reporter, root.id, 'workflowDesign.problem.severalProcesses');
    }
  },
});
