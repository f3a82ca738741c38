// Texts of process design (en), typed against zh-CN.
import type { WorkflowDesignMessageKey } from './workflow-design.zh-CN.js';

export const workflowDesignEn: Record<WorkflowDesignMessageKey, string> = {
  'error.workflowDefinitionNotFound': 'Process "{{key}}" does not exist or has been deleted',
  'error.workflowKeyExists': 'Process key "{{key}}" is already in use',
  'error.workflowVersionConflict': 'The process was changed or published by someone else; reload it before saving',
  'error.workflowModelLocked':
    'The model of a process cannot be changed once it is created (it is {{model}}, not {{requested}})',
  'error.workflowNoDraft': 'This process has no draft to publish',
  'error.workflowActionBound':
    'Action "{{action}}" is already bound to the published process "{{key}}"; an action takes one published process',
  'error.workflowDraftExists':
    'Process "{{key}}" already has a draft: publish it first, or choose to overwrite the draft',
  'error.workflowXmlInvalid': 'The process file is not valid BPMN XML (near line {{line}})',
  'error.workflowNoProcess': 'The process file holds no process (bpmn:process)',
  'error.workflowKeyMismatch': 'The process file has the key "{{found}}", not "{{key}}"',
  'error.workflowDesignInvalid': 'The process design has {{count}} problem(s) to fix before it can be published',
  'error.workflowApproverUnknown':
    '{{count}} approver or copy setting(s) name people, roles, departments or companies your tenant does not have',
  'validation.workflowApproverUnknown': 'step "{{node}}": {{values}} not found in your tenant',
  'error.workflowModelUnknown': 'Model "{{model}}" does not exist',
  'error.workflowTooManyElements': 'The process has too many elements: {{count}}, at most {{max}}',
  'error.workflowConditionInvalid': 'Invalid flow condition: {{condition}}',
  'error.workflowImportNoBpmn': 'The zip holds no .bpmn process file',
  'error.workflowImportModelRequired':
    'The process names no business model (it comes from another modeler): choose the model it is for',
  'error.workflowImportManyBpmn': 'The zip holds {{count}} .bpmn process files; it may hold only one',
  'error.workflowXmlTooLarge': 'The process file is too large (at most {{max}} characters)',
  'error.workflowImportTooLarge': 'The process import is too large (at most {{max}}, packed and unpacked)',
  'error.workflowImportNotZip': 'A process import must be a zip file',

  'field.workflowKey': 'Process key',
  'field.workflowName': 'Process name',
  'field.workflowModel': 'Model',
  'field.workflowAction': 'Lifecycle action',
  'field.workflowXml': 'Process file',
  'field.workflowVersion': 'Process version',
  'field.workflowUpdatedAt': 'Last changed',
  'field.workflowOverwriteDraft': 'Overwrite draft',

  'workflowDesign.template.start': 'Start',
  'workflowDesign.template.submit': 'Submit',
  'workflowDesign.template.end': 'End',

  'workflowDesign.rule.parallel-crossing': 'No crossing parallel gateways',
  'workflowDesign.rule.exclusive-parallel-merge': 'Exclusive branches do not merge into a parallel gateway',
  'workflowDesign.rule.end-needs-merge': 'Merge at a gateway before the end',
  'workflowDesign.rule.level-approve-link': 'No direct link to level-by-level approval',
  'workflowDesign.rule.unique-variable': 'Unique variables',
  'workflowDesign.rule.parallel-not-allowed': 'Parallel gateways not allowed',
  'workflowDesign.rule.level-approve-settings': 'Level-by-level approval settings',
  'workflowDesign.rule.single-start': 'One start event',
  'workflowDesign.rule.flow-counts': 'Number of flows',
  'workflowDesign.rule.reachable': 'Reachable elements',
  'workflowDesign.rule.task-approvers': 'Approvers',
  'workflowDesign.rule.supported-elements': 'Supported elements',
  'workflowDesign.rule.exclusive-conditions': 'Exclusive gateway conditions',
  'workflowDesign.rule.condition-syntax': 'Condition expressions',
  'workflowDesign.rule.settings-values': 'Process settings',
  'workflowDesign.rule.lifecycle-action': 'Approved action',

  'workflowDesign.problem.parallelBackLink':
    'This link goes back across the branches of parallel gateway "{{gateway}}": going back, withdrawing and free jumping cannot cross a parallel region',
  'workflowDesign.problem.parallelEnter':
    'This link enters a branch of parallel gateway "{{gateway}}" without passing through the gateway',
  'workflowDesign.problem.parallelFreeJump':
    'A task inside a branch of parallel gateway "{{gateway}}" cannot allow free jumping',
  'workflowDesign.problem.exclusiveIntoParallel':
    'Branches of exclusive gateway "{{gateway}}" merge into this parallel gateway; only one of them runs, so it would wait forever',
  'workflowDesign.problem.endSeveralIncoming':
    'An end event takes exactly one incoming flow (it has {{count}}): merge the branches with a gateway first',
  'workflowDesign.problem.splitWithoutMerge':
    'The branches of this gateway must merge at a gateway before the process can end',
  'workflowDesign.problem.parallelJoinKind':
    'The branches of this parallel gateway must merge at a parallel gateway, not at "{{join}}"',
  'workflowDesign.problem.levelApproveDirectLink':
    'A level-by-level approval task cannot follow "{{source}}" (the start event or another level-by-level task) directly: put an ordinary task or a gateway between them',
  'workflowDesign.problem.duplicateVariable':
    'Variable "{{variable}}" is already used by "{{other}}"; variables must not repeat across branches',
  'workflowDesign.problem.parallelInBonus': 'Bonus processes cannot use parallel gateways',
  'workflowDesign.problem.parallelInSuperModule': 'Processes of super module "{{model}}" cannot use parallel gateways',
  'workflowDesign.problem.levelApproveRange':
    'Level approve settings error: approval levels run {{min}} to {{max}} (0 turns it off), not "{{value}}"',
  'workflowDesign.problem.levelApproveWithApprovers':
    'Level approve settings error: a level-by-level task takes its approvers from the department chain and cannot list approvers of its own',
  'workflowDesign.problem.levelApproveVoteMode':
    'Level approve settings error: a level-by-level task keeps the default vote mode',
  'workflowDesign.problem.noStart': 'The process needs a start event',
  'workflowDesign.problem.severalStarts': 'A process has exactly one start event (it has {{count}})',
  'workflowDesign.problem.flowDangling': 'This flow is not connected to an element at both ends',
  'workflowDesign.problem.startIncoming': 'A start event cannot have incoming flows',
  'workflowDesign.problem.startOutgoing': 'A start event needs exactly one outgoing flow (it has {{count}})',
  'workflowDesign.problem.endOutgoing': 'An end event cannot have outgoing flows',
  'workflowDesign.problem.taskOutgoing':
    'A user task needs exactly one outgoing flow (it has {{count}}); use a gateway to branch',
  'workflowDesign.problem.gatewayOutgoing': 'A gateway needs at least one outgoing flow',
  'workflowDesign.problem.unreachable': 'This element cannot be reached from the start event',
  'workflowDesign.problem.deadEnd': 'No path leads from here to an end event',
  'workflowDesign.problem.noApprovers':
    'This task has no approvers: choose approvers, level-by-level approval, or what happens when nobody is found',
  'workflowDesign.problem.unsupportedElement':
    '{{type}} is not supported: use start and end events, user tasks, exclusive and parallel gateways',
  'workflowDesign.problem.unsupportedEventDefinition':
    'Only plain start and end events are supported (no timer, message or other triggers)',
  'workflowDesign.problem.multiInstance': "Multi-instance tasks are not supported; use the task's vote mode instead",
  'workflowDesign.problem.severalProcesses': 'A process file may hold only one process',
  'workflowDesign.problem.missingCondition':
    'When an exclusive gateway has several outgoing flows, each one except the default flow needs a condition',
  'workflowDesign.problem.conditionIgnored': 'Only flows leaving an exclusive gateway can have a condition',
  'workflowDesign.problem.defaultCondition':
    'The default flow is taken when no other condition holds; it cannot have a condition of its own',
  'workflowDesign.problem.invalidSetting': 'Invalid value "{{value}}" for setting {{setting}}',
  'workflowDesign.problem.approverValues': 'Approver rule {{kind}} needs at least one value',
  'workflowDesign.problem.listenerEvent': 'Listener event {{event}} does not apply here',
  'workflowDesign.problem.listenerName': 'A listener needs a name',
  'workflowDesign.problem.invalidKey':
    'Process key "{{key}}" is invalid: it starts with a letter or underscore and holds only letters, digits, underscores, dots and hyphens, at most 64 characters',
  'workflowDesign.problem.nameTooLong': 'A process name has at most {{max}} characters',
  'workflowDesign.problem.missingModel': 'The process has no model',
  'workflowDesign.problem.actionUnknown': 'Model {{model}} has no lifecycle action "{{action}}"',
  'workflowDesign.problem.actionNotApproval':
    'Action "{{action}}" is not declared as needing approval, so no process can be bound to it',
  'workflowDesign.problem.ruleFailed': 'This rule could not be checked; contact the administrator',

  'workflowDesign.condition.empty': 'The condition is empty',
  'workflowDesign.condition.orderBy': 'A condition cannot use ORDER BY',
  'workflowDesign.condition.field': 'Fields in a condition are record.<field> or var.<name>, not "{{field}}"',
  'workflowDesign.condition.unsupported': '{{what}} cannot be used in a condition',
};
