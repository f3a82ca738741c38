// Every executable node can be reached from the start event and can reach an end event: an unreachable
// node is dead design, and a node with no way to an end would hold its instances forever.
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

export const reachable = processRule((view, reporter) => {
  // Without a start event everything would be "unreachable"; single-start reports the real problem.
  if (![...view.nodes.values()].some((node) => node.type === 'bpmn:StartEvent')) return;
  for (const node of view.nodes.values()) {
    if (!node.kind) continue;
    if (!view.reachableFromStart.has(node.id)) report(reporter, node.id, 'workflowDesign.problem.unreachable');
    else if (!view.reachesEnd.has(node.id)) report(reporter, node.id, 'workflowDesign.problem.deadEnd');
  }
});
