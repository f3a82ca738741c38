// Spec §5 "The process end needs a gateway merge": the branches of every split (an exclusive or parallel
// gateway with several forward flows) meet again at a gateway before any of them reaches an end event,
// and an end event takes exactly one incoming flow. Where branches meet is the split's post-dominator;
// a parallel split must meet at a parallel gateway (an exclusive one would pass every branch's token on).
// Loops back are not branches here: back links, and paths that only lead to one, never reach an end.
import { EXIT } from '../design-view.js';
import { labelOf, report } from '../problems.js';
import { processRule } from './process-rule.js';
import { isGatewayKind } from './support.js';

export const endNeedsMerge = processRule((view, reporter) => {
  for (const node of view.nodes.values()) {
    if (node.type === 'bpmn:EndEvent' && node.incoming.length > 1)
      report(reporter, node.id, 'workflowDesign.problem.endSeveralIncoming', { count: node.incoming.length });
    if (!isGatewayKind(node.kind) || view.splitBranches(node.id).length < 2) continue;
    const meet = view.ipdom.get(node.id) ?? EXIT;
    const merge = meet === EXIT ? undefined : view.nodes.get(meet);
    if (!merge || !isGatewayKind(merge.kind)) report(reporter, node.id, 'workflowDesign.problem.splitWithoutMerge');
    else if (node.kind === 'parallel' && merge.kind === 'exclusive')
      report(reporter, node.id, 'workflowDesign.problem.parallelJoinKind', { join: labelOf(merge) });
  }
});
