// Spec §5 "Exclusive gateway branches must not merge into one parallel gateway": only one branch of an
// exclusive gateway runs, so a parallel join fed by two of them waits forever. Precisely: among the
// join's incoming flows, those reachable from the exclusive gateway must be reachable from the same set
// of its branches (a join after the branches have merged again is fine).
import { labelOf, report } from '../problems.js';
import { closureUntil } from './support.js';
import { processRule, sameSet } from './process-rule.js';

export const exclusiveParallelMerge = processRule((view, reporter) => {
  for (const split of view.nodes.values()) {
    const branches = view.splitBranches(split.id);
    if (split.kind !== 'exclusive' || branches.length < 2) continue;
    const stop = view.ipdom.get(split.id);
    const reach = new Map(branches.map((branch) => [branch, closureUntil(view, view.flows.get(branch)!.target, stop)]));
    const joins = new Set<string>();
    for (const nodes of reach.values())
      for (const id of nodes)
        if (view.nodes.get(id)?.kind === 'parallel' && view.forwardIn(id).length > 1) joins.add(id);
    for (const join of joins) {
      const sets = view.forwardIn(join).flatMap((incoming) => {
        const source = view.flows.get(incoming)!.source;
        const set = new Set(branches.filter((b) => b === incoming || reach.get(b)!.has(source)));
        return set.size > 0 ? [set] : [];
      });
      if (sets.some((set) => !sameSet(set, sets[0]!)))
        report(reporter, join, 'workflowDesign.problem.exclusiveIntoParallel', { gateway: labelOf(split) });
    }
  }
});
