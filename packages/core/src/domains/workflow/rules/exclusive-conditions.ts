// An exclusive gateway with several outgoing flows chooses by their conditions: each flow needs one,
// except the default flow, which is taken when no condition holds. A flow without either would be a
// guess the engine should not make.
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

export const exclusiveConditions = processRule((view, reporter) => {
  for (const node of Object.values(view.graph.nodes)) {
    if (node.kind !== 'exclusive' || node.outgoing.length < 2) continue;
    for (const flowId of node.outgoing) {
      if (flowId !== node.defaultFlow && !view.graph.flows[flowId]?.condition)
        report(reporter, flowId, 'workflowDesign.problem.missingCondition');
    }
  }
});
