// The parties domain in core: the applicants cases name and the experts reviews ask (and, later, other
// parties such as licensees).
// Not enterprise-only like people: agency users handling a case must read its applicants' names.
import { grantsOn, MODEL_ACTIONS } from '../../rbac/model-actions.js';
import { domainMessages, modelMenu, type CoreDomain } from '../types.js';
import { PARTIES_DICTIONARIES } from './dictionaries.js';
import { partiesEn } from './i18n/parties.en.js';
import { partiesZhCN } from './i18n/parties.zh-CN.js';
import { applicant } from './models/applicant.js';
import { expert } from './models/expert.js';

const messages = domainMessages<keyof typeof partiesZhCN>(partiesZhCN, partiesEn);
type PartiesMessageKey = keyof (typeof messages)['zh-CN'];

export const partiesDomain = {
  name: 'parties',
  models: [applicant, expert],
  dictionaries: PARTIES_DICTIONARIES,
  menus: [
    { ...modelMenu('applicant', '申请人', 'Applicants', 'team'), sort: 35 },
    { ...modelMenu('expert', '专家库', 'Experts', 'team'), sort: 36 },
  ],
  resources: [],
  grants: {
    ip_specialist: grantsOn(['applicant', 'expert'], MODEL_ACTIONS),
    department_lead: grantsOn(['applicant', 'expert'], ['view', 'export']),
    // Those who read and edit cases pick their applicants and read their names; experts are the IP
    // specialists' to choose, and department leads read them (reviews they take part in).
    inventor: grantsOn(['applicant'], ['view']),
    agency_agent: grantsOn(['applicant'], ['view']),
  },
  errors: { ranges: [], codes: {} },
  messages,
} satisfies CoreDomain<PartiesMessageKey>;
