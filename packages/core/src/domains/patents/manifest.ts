// The patents domain in core: cases, their office actions and events, deadlines and fees; the docket
// menus; the errors of relations, fees and office calendars; and the texts of all of them.
import { PATENTS_ERRORS } from './errors.js';
import { fee } from './models/fee.js';
import { patent } from './models/patent.js';
import { patentItem } from './models/patent-item.js';
import { patentTask } from './models/patent-task.js';
import { patentRelationsEn } from './i18n/patent-relations.en.js';
import { patentRelationsZhCN } from './i18n/patent-relations.zh-CN.js';
import { patentRulesEn } from './i18n/patent-rules.en.js';
import { patentRulesZhCN } from './i18n/patent-rules.zh-CN.js';
import { webPatentRelationsEn } from './i18n/web-patent-relations.en.js';
import { webPatentRelationsZhCN } from './i18n/web-patent-relations.zh-CN.js';
import { webPatentRulesEn } from './i18n/web-patent-rules.en.js';
import { webPatentRulesZhCN } from './i18n/web-patent-rules.zh-CN.js';
import { actionResourceCode } from '../../models/lifecycle.js';
import type { ModelDeclaration } from '../../models/define.js';
import { grantsOn, MODEL_ACTIONS } from '../../rbac/model-actions.js';
import { PATENT_DICTIONARIES } from './dictionaries.js';
import { domainMessages, modelMenu, type CoreDomain } from '../types.js';

const messages = domainMessages(
  { ...patentRulesZhCN, ...webPatentRulesZhCN, ...patentRelationsZhCN, ...webPatentRelationsZhCN },
  { ...patentRulesEn, ...webPatentRulesEn, ...patentRelationsEn, ...webPatentRelationsEn },
);
type PatentsMessageKey = keyof (typeof messages)['zh-CN'];

const MODELS = [patent, patentItem, patentTask, fee];
const NAMES = MODELS.map((m) => m.name);
/** Every lifecycle action of the models (a deadline's complete and reopen, a fee's pay and abandon). */
const lifecycleActions = (models: readonly ModelDeclaration[]) =>
  models.flatMap((m) => Object.keys(m.lifecycle?.actions ?? {}).map((name) => actionResourceCode(m.name, name)));

export const patentsDomain = {
  name: 'patents',
  models: MODELS,
  dictionaries: PATENT_DICTIONARIES,
  menus: [
    { ...modelMenu('patent', '专利', 'Patents', 'patent'), sort: 30 },
    {
      key: 'docket',
      label: { zh: '专利事务', en: 'Patent docket' },
      resource: null,
      path: null,
      icon: 'patent',
      sort: 40,
      children: [
        // The cases' deadlines as a model list; every kind's deadlines and the calendar are under "Deadlines"
        // (core rbac/menus.ts).
        modelMenu('patent_task', '专利期限', 'Case deadlines', 'patent'),
        modelMenu('fee', '费用', 'Fees', 'bank'),
        modelMenu('patent_item', '官文与事件', 'Office actions and events', 'patent'),
      ],
    },
  ],
  resources: [],
  grants: {
    ip_specialist: [...grantsOn(NAMES, MODEL_ACTIONS), ...lifecycleActions(MODELS)],
    department_lead: grantsOn(NAMES, ['view', 'export']),
    inventor: grantsOn(['patent'], ['view', 'create', 'update']),
    agency_agent: grantsOn(['patent'], ['view', 'update']),
  },
  errors: PATENTS_ERRORS,
  messages,
} satisfies CoreDomain<PatentsMessageKey>;
