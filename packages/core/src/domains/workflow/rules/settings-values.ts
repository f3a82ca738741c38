// The ipdesk settings hold values the engine understands: a business model, a key and a name the
// database takes, vote and restart modes, the enumerations of graph.ts, approver rules with the values
// their kind needs, and listeners with a name and an event that applies where they sit. The graph falls
// back to defaults for a wrong value; this rule makes sure such a definition is not published.
import { APPROVER_KINDS, EMPTY_APPROVER_OUTCOMES, REPEATED_MODES, RESTART_MODES, VOTE_MODES } from '../graph.js';
import { WORKFLOW_KEY_PATTERN, WORKFLOW_NAME_MAX_LENGTH } from '../limits.js';
import { extensionsOf, listOf, type ModdleElement } from '../moddle.js';
import { report, type DesignReporter } from '../problems.js';
import {
  APPROVAL_TYPE,
  APPROVER_KINDS_WITH_VALUES,
  FIELD_ACCESS_LEVELS,
  LISTENER_PHASES,
  LISTENER_TYPE,
  listAttribute,
  listenerEventsFor,
  PROCESS_SETTINGS_TYPE,
  rawOf,
  textOf,
  wholeNumber,
} from '../settings.js';
import { processRule } from './process-rule.js';

type Check = (value: string) => boolean;
const oneOf =
  (list: readonly string[]): Check =>
  (value) =>
    list.includes(value.trim());
// Numbers read as the graph reads them (wholeNumber), so the rule and the graph agree.
const oneOfNumbers =
  (list: readonly number[]): Check =>
  (value) =>
    list.includes(wholeNumber(value));
const positiveWhole: Check = (value) => wholeNumber(value) > 0;

/** Reports an attribute that is present and fails its check. */
function checkAttribute(
  reporter: DesignReporter,
  hostId: string,
  element: ModdleElement | undefined,
  setting: string,
  valid: Check,
): void {
  const value = rawOf(element, setting);
  if (value.trim() !== '' && !valid(value))
    report(reporter, hostId, 'workflowDesign.problem.invalidSetting', { setting, value });
}

function checkListeners(reporter: DesignReporter, host: ModdleElement): void {
  if (!host.id) return;
  const events = listenerEventsFor(host.$type);
  for (const listener of extensionsOf(host, LISTENER_TYPE)) {
    const event = textOf(listener, 'event') ?? '';
    if (!(events as readonly string[]).includes(event))
      report(reporter, host.id, 'workflowDesign.problem.listenerEvent', { event });
    if (!textOf(listener, 'name')) report(reporter, host.id, 'workflowDesign.problem.listenerName');
    checkAttribute(reporter, host.id, listener, 'phase', oneOf(LISTENER_PHASES));
  }
}

function checkApproval(reporter: DesignReporter, taskId: string, approval: ModdleElement): void {
  checkAttribute(reporter, taskId, approval, 'voteSignMode', oneOfNumbers(VOTE_MODES));
  checkAttribute(reporter, taskId, approval, 'repeatedMode', oneOf(REPEATED_MODES));
  checkAttribute(reporter, taskId, approval, 'emptyApprovers', oneOf(EMPTY_APPROVER_OUTCOMES));
  checkAttribute(reporter, taskId, approval, 'dueHours', positiveWhole);
  checkAttribute(reporter, taskId, approval, 'remindHours', positiveWhole);
  // levelApprove has its own rule (level-approve-settings), with the levelApproveError message.
  for (const approver of listOf(approval, 'approvers')) {
    const kind = textOf(approver, 'kind') ?? '';
    if (!(APPROVER_KINDS as readonly string[]).includes(kind))
      report(reporter, taskId, 'workflowDesign.problem.invalidSetting', { setting: 'kind', value: kind });
    else if (APPROVER_KINDS_WITH_VALUES.has(kind) && listAttribute(approver, 'values').length === 0)
      report(reporter, taskId, 'workflowDesign.problem.approverValues', { kind });
    else if (kind === 'orgLevel' && listAttribute(approver, 'values').some((level) => !positiveWhole(level)))
      report(reporter, taskId, 'workflowDesign.problem.invalidSetting', {
        setting: 'values',
        value: rawOf(approver, 'values'),
      });
  }
  for (const entry of listOf(approval, 'fieldAccess')) {
    if (!textOf(entry, 'field'))
      report(reporter, taskId, 'workflowDesign.problem.invalidSetting', { setting: 'field', value: '' });
    if (!(FIELD_ACCESS_LEVELS as readonly string[]).includes(textOf(entry, 'access') ?? ''))
      report(reporter, taskId, 'workflowDesign.problem.invalidSetting', {
        setting: 'access',
        value: rawOf(entry, 'access'),
      });
  }
}

export const settingsValues = processRule((view, reporter) => {
  const { process } = view;
  const processId = process.id ?? '';
  if (!WORKFLOW_KEY_PATTERN.test(processId))
    report(reporter, processId, 'workflowDesign.problem.invalidKey', { key: processId });
  if (Array.from(textOf(process, 'name') ?? '').length > WORKFLOW_NAME_MAX_LENGTH)
    report(reporter, processId, 'workflowDesign.problem.nameTooLong', { max: WORKFLOW_NAME_MAX_LENGTH });
  const settings = extensionsOf(process, PROCESS_SETTINGS_TYPE)[0];
  if (!textOf(settings, 'model')) report(reporter, processId, 'workflowDesign.problem.missingModel');
  checkAttribute(reporter, processId, settings, 'restartMode', oneOfNumbers(RESTART_MODES));
  checkListeners(reporter, process);
  for (const node of view.nodes.values()) {
    checkListeners(reporter, node.element);
    const approval = node.kind === 'userTask' ? extensionsOf(node.element, APPROVAL_TYPE)[0] : undefined;
    if (approval) checkApproval(reporter, node.id, approval);
  }
});
