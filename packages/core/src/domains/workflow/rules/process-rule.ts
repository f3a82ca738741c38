// Most design rules look at the whole process at once (paths, regions, pairs of tasks), so they run when
// bpmnlint's walk reaches the executable process and read the shared design view from there.
import { viewOfCheckedNode, type DesignView } from '../design-view.js';
import type { DesignReporter, DesignRuleFactory } from '../problems.js';

export type ProcessCheck = (view: DesignView, reporter: DesignReporter, config: Record<string, unknown>) => void;

/** A bpmnlint rule factory whose check runs once, on the diagram's executable process. */
export function processRule(check: ProcessCheck): DesignRuleFactory {
  return (config = {}) => ({
    check(node, reporter) {
      const view = viewOfCheckedNode(node);
      if (view) check(view, reporter, config);
    },
  });
}

export const sameSet = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean =>
  a.size === b.size && [...a].every((item) => b.has(item));
