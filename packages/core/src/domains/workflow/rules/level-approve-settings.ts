// Spec §5 "Approval levels run 1 to 8" and §8 levelApproveError. levelApprove is 0 (off) or 1–8. A
// level-by-level task takes its approvers from the department chain, one leader per level, so it may
// not also list approvers of its own, nor change the vote mode from the default.
import { MAX_APPROVAL_LEVEL, MIN_APPROVAL_LEVEL } from '../graph.js';
import { extensionsOf, listOf } from '../moddle.js';
import { report } from '../problems.js';
import { APPROVAL_TYPE, integerOf, rawOf, WORKFLOW_DEFAULTS } from '../settings.js';
import { processRule } from './process-rule.js';

export const levelApproveSettings = processRule((view, reporter) => {
  for (const node of view.nodes.values()) {
    if (node.kind !== 'userTask') continue;
    const approval = extensionsOf(node.element, APPROVAL_TYPE)[0];
    const level = integerOf(approval, 'levelApprove');
    if (level === undefined || level === 0) continue;
    if (!Number.isInteger(level) || level < MIN_APPROVAL_LEVEL || level > MAX_APPROVAL_LEVEL) {
      report(reporter, node.id, 'workflowDesign.problem.levelApproveRange', {
        value: rawOf(approval, 'levelApprove'),
        min: MIN_APPROVAL_LEVEL,
        max: MAX_APPROVAL_LEVEL,
      });
      continue;
    }
    if (listOf(approval, 'approvers').length > 0)
      report(reporter, node.id, 'workflowDesign.problem.levelApproveWithApprovers');
    const voteMode = integerOf(approval, 'voteSignMode');
    if (voteMode !== undefined && voteMode !== WORKFLOW_DEFAULTS.voteMode)
      report(reporter, node.id, 'workflowDesign.problem.levelApproveVoteMode');
  }
});
