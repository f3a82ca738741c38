// Spec §5 "Parallel gateway: no crossing when going back, withdrawing or free jumping". A back link
// (a flow closing a loop) may not leave a parallel branch, enter one, or go from one branch to another;
// no other flow may enter a branch except through its gateway, nor join branches except at a parallel
// gateway: the join would wait for a token that never comes, or get one too many. A task inside a
// branch may not allow free jumping, which could move one branch's token anywhere.
import { labelOf, report } from '../problems.js';
import { processRule, sameSet } from './process-rule.js';

export const parallelCrossing = processRule((view, reporter) => {
  // Inside a region, a flow may lead to a node on more branches than its source only by joining them at
  // a parallel gateway (a partial join); anything else lets one branch's token into another branch.
  const entersAnotherBranch = (from: Set<string>, to: Set<string>, target: string) =>
    !sameSet(from, to) && view.nodes.get(target)?.kind !== 'parallel';
  const reported = new Set<string>();
  const once = (id: string) => !reported.has(id) && Boolean(reported.add(id));
  for (const region of view.parallelRegions) {
    const gateway = labelOf(view.nodes.get(region.split));
    for (const flow of view.flows.values()) {
      const from = region.branchesOf.get(flow.source);
      const to = region.branchesOf.get(flow.target);
      if (view.backFlows.has(flow.id)) {
        const crosses = Boolean(from) !== Boolean(to) || (from && to && !sameSet(from, to));
        if (crosses && once(flow.id)) report(reporter, flow.id, 'workflowDesign.problem.parallelBackLink', { gateway });
      } else if (to && (from ? entersAnotherBranch(from, to, flow.target) : flow.source !== region.split)) {
        if (once(flow.id)) report(reporter, flow.id, 'workflowDesign.problem.parallelEnter', { gateway });
      }
    }
    for (const id of region.branchesOf.keys()) {
      const node = view.graph.nodes[id];
      if (node?.kind === 'userTask' && node.freeJump && once(id))
        report(reporter, id, 'workflowDesign.problem.parallelFreeJump', { gateway });
    }
  }
});
