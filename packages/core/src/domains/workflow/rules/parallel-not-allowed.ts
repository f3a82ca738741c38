// Spec §5 "Parallel gateways are not usable with super modules or bonus processes". Which models are
// super modules is configuration (lint option superModules, default none); a bonus process is one whose
// processCategory is 'bonus'.
import { report } from '../problems.js';
import { processRule } from './process-rule.js';

export const BONUS_CATEGORY = 'bonus';

export const parallelNotAllowed = processRule((view, reporter, config) => {
  const { model, processCategory } = view.graph.settings;
  const superModules = Array.isArray(config['superModules']) ? (config['superModules'] as unknown[]) : [];
  const bonus = processCategory === BONUS_CATEGORY;
  if (!bonus && !superModules.includes(model)) return;
  for (const node of Object.values(view.graph.nodes)) {
    if (node.kind !== 'parallel') continue;
    if (bonus) report(reporter, node.id, 'workflowDesign.problem.parallelInBonus');
    else report(reporter, node.id, 'workflowDesign.problem.parallelInSuperModule', { model });
  }
});
