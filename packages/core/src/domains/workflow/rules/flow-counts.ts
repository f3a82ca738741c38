// How many flows each executable node takes: a start event none in and one out; an end event none out;
// a user task exactly one out (branching is a gateway's job, so every decision is a visible condition);
// a gateway at least one out. Flows must be connected at both ends.
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

export const flowCounts = processRule((view, reporter) => {
  for (const flow of view.dangling) if (flow.id) report(reporter, flow.id, 'workflowDesign.problem.flowDangling');
  for (const node of view.nodes.values()) {
    const count = node.outgoing.length;
    switch (node.kind) {
      case 'start':
        if (node.incoming.length > 0) report(reporter, node.id, 'workflowDesign.problem.startIncoming');
        if (count !== 1) report(reporter, node.id, 'workflowDesign.problem.startOutgoing', { count });
        break;
      case 'end':
        if (count > 0) report(reporter, node.id, 'workflowDesign.problem.endOutgoing');
        break;
      case 'userTask':
        if (count !== 1) report(reporter, node.id, 'workflowDesign.problem.taskOutgoing', { count });
        break;
      case 'exclusive':
      case 'parallel':
        if (count === 0) report(reporter, node.id, 'workflowDesign.problem.gatewayOutgoing');
        break;
      case undefined:
        // Not executable: the supported-elements rule reports it.
        break;
    }
  }
});
