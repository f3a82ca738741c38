// The workflow domain in core: process definitions (design, import, publish) and running processes
// (to-dos, approvals); everyone's "my work" menus; the errors and texts of both. Processes attach to
// records of every model through the generic pipeline (server manifest's hooks).
import { WORKFLOW_ERRORS } from './errors.js';
import { webWorkflowDefinitionsEn } from '../../i18n/web-workflow-definitions.en.js';
import { webWorkflowDefinitionsZhCN } from '../../i18n/web-workflow-definitions.zh-CN.js';
import { webWorkflowDesignerEn } from '../../i18n/web-workflow-designer.en.js';
import { webWorkflowDesignerZhCN } from '../../i18n/web-workflow-designer.zh-CN.js';
import { webWorkflowRunsEn } from '../../i18n/web-workflow-runs.en.js';
import { webWorkflowRunsZhCN } from '../../i18n/web-workflow-runs.zh-CN.js';
import { workflowDesignEn } from '../../i18n/workflow-design.en.js';
import { workflowDesignZhCN } from '../../i18n/workflow-design.zh-CN.js';
import { workflowEn } from '../../i18n/workflow.en.js';
import { workflowZhCN } from '../../i18n/workflow.zh-CN.js';
import type { DefaultMenu } from '../../rbac/menus.js';
import { domainMessages, type CoreDomain } from '../types.js';

const messages = domainMessages(
  {
    ...workflowDesignZhCN,
    ...workflowZhCN,
    ...webWorkflowDefinitionsZhCN,
    ...webWorkflowDesignerZhCN,
    ...webWorkflowRunsZhCN,
  },
  { ...workflowDesignEn, ...workflowEn, ...webWorkflowDefinitionsEn, ...webWorkflowDesignerEn, ...webWorkflowRunsEn },
);
type WorkflowMessageKey = keyof (typeof messages)['zh-CN'];

const myWork = (key: string, zh: string, en: string, list: string): DefaultMenu => ({
  key,
  label: { zh, en },
  resource: null,
  path: `/workflow/my/${list}`,
  icon: 'todo',
});

export const workflowDomain = {
  name: 'workflow',
  models: [],
  dictionaries: [],
  menus: [
    // Everyone's own processes: plain links (no resource), so every signed-in user sees them; the process
    // routes decide what each user may see and do.
    {
      key: 'my_work',
      label: { zh: '我的工作', en: 'My work' },
      resource: null,
      path: null,
      icon: 'todo',
      sort: 20,
      children: [
        myWork('my_todos', '我的待办', 'My to-dos', 'todos'),
        myWork('my_started', '我发起的', 'Started by me', 'started'),
        myWork('my_handled', '我已办', 'Handled by me', 'handled'),
      ],
    },
    {
      key: 'workflow_definitions',
      label: { zh: '流程定义', en: 'Process definitions' },
      resource: 'workflow',
      path: '/workflow/definitions',
      icon: 'apartment',
      parent: 'system',
      sort: 100,
    },
  ],
  resources: [
    // Process definitions (issue 7): reading them, and designing, importing and publishing them.
    {
      code: 'workflow',
      type: 'menu',
      parent: null,
      label: { zh: '流程管理', en: 'Processes' },
      level: 'no_share',
      sort: 970,
    },
    {
      code: 'workflow:update',
      type: 'button',
      parent: 'workflow',
      label: { zh: '设计与发布流程', en: 'Design and publish processes' },
      level: 'no_share',
      sort: 10,
    },
  ],
  grants: {},
  errors: WORKFLOW_ERRORS,
  messages,
} satisfies CoreDomain<WorkflowMessageKey>;
