// A user task needs someone to act: approvers, level-by-level approval, or an explicit outcome for when
// nobody is found (skip it, or give it to the administrator). Otherwise every instance would stop there.
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

export const taskApprovers = processRule((view, reporter) => {
  for (const node of Object.values(view.graph.nodes)) {
    if (node.kind !== 'userTask') continue;
    if (node.approvers.length === 0 && node.levelApprove <= 0 && node.emptyApprovers === 'error')
      report(reporter, node.id, 'workflowDesign.problem.noApprovers');
  }
});
