// Spec §5 "Transaction and event variables must not repeat across branches": a task writes its outcome
// to its variable, and two tasks writing the same one would overwrite each other's result (in parallel
// branches, in an order nobody chose). We require the names unique across all tasks of the process.
import { labelOf, report } from '../problems.js';
import { processRule } from './process-rule.js';

export const uniqueVariable = processRule((view, reporter) => {
  const first = new Map<string, { id: string; name: string }>();
  for (const node of Object.values(view.graph.nodes)) {
    if (node.kind !== 'userTask' || !node.variable) continue;
    const earlier = first.get(node.variable);
    if (earlier)
      report(reporter, node.id, 'workflowDesign.problem.duplicateVariable', {
        variable: node.variable,
        other: labelOf(earlier),
      });
    else first.set(node.variable, node);
  }
});
