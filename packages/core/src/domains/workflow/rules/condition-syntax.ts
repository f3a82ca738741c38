// Conditions parse as iql over record.<field> and var.<name> (the problem carries the position and the
// iql message); and they only stand where the engine reads them: on a non-default flow leaving an
// exclusive gateway.
import { checkCondition } from '../condition.js';
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

export const conditionSyntax = processRule((view, reporter) => {
  const { nodes } = view.graph;
  for (const flow of Object.values(view.graph.flows)) {
    if (flow.condition === null) continue;
    const source = nodes[flow.source];
    if (source?.kind !== 'exclusive') {
      report(reporter, flow.id, 'workflowDesign.problem.conditionIgnored');
      continue;
    }
    if (source.defaultFlow === flow.id) {
      report(reporter, flow.id, 'workflowDesign.problem.defaultCondition');
      continue;
    }
    const problem = checkCondition(flow.condition);
    if (problem) report(reporter, flow.id, problem.messageKey, problem.params);
  }
});
