// A process has exactly one start event: the engine starts every instance at one place.
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

export const singleStart = processRule((view, reporter) => {
  const starts = [...view.nodes.values()].filter((node) => node.type === 'bpmn:StartEvent');
  if (starts.length === 0) report(reporter, view.process.id ?? '', 'workflowDesign.problem.noStart');
  for (const extra of starts.slice(1))
    report(reporter, extra.id, 'workflowDesign.problem.severalStarts', { count: starts.length });
});
