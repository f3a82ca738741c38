// Spec §5 "No direct link to level-by-level approval". Our reading: a sequence flow may not lead straight
// into a level-by-level task (levelApprove > 0) from the start event or from another level-by-level task.
// The levels are walked up from the submitter's department, so someone must have submitted the record in
// an ordinary task first; and two level-by-level tasks back to back would walk the same leaders twice.
// Put an ordinary task or a gateway between them.
import { labelOf, report } from '../problems.js';
import { processRule } from './process-rule.js';

export const levelApproveLink = processRule((view, reporter) => {
  const nodes = view.graph.nodes;
  const isLevelTask = (id: string) => {
    const node = nodes[id];
    return node?.kind === 'userTask' && node.levelApprove > 0;
  };
  for (const flow of Object.values(view.graph.flows)) {
    const source = nodes[flow.source];
    if (!isLevelTask(flow.target) || !source) continue;
    if (source.kind === 'start' || isLevelTask(source.id))
      report(reporter, flow.id, 'workflowDesign.problem.levelApproveDirectLink', { source: labelOf(source) });
  }
});
