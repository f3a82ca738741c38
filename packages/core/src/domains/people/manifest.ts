// The people domain in core: persons, virtual organisations, agencies and agents (enterprise administration: never shared with
// agency users), their account buttons, menus under System settings, option lists and texts. The
// organisation and role errors they share with the administration screens stay in the platform catalogue.
import { webPeopleEn } from '../../i18n/web-people.en.js';
import { webPeopleZhCN } from '../../i18n/web-people.zh-CN.js';
import { peopleEn } from '../../i18n/people.en.js';
import { peopleZhCN } from '../../i18n/people.zh-CN.js';
import { agency, agent } from '../../models/catalog/agency.js';
import { person } from '../../models/catalog/person.js';
import { domainMessages, modelMenu, type CoreDomain } from '../types.js';
import { PEOPLE_DICTIONARIES } from './dictionaries.js';
import { virtualOrg } from './models/virtual-org.js';

const messages = domainMessages({ ...peopleZhCN, ...webPeopleZhCN }, { ...peopleEn, ...webPeopleEn });
type PeopleMessageKey = keyof (typeof messages)['zh-CN'];

export const peopleDomain = {
  name: 'people',
  models: [person, virtualOrg, agency, agent],
  enterpriseOnly: true,
  dictionaries: PEOPLE_DICTIONARIES,
  menus: [
    { ...modelMenu('person', '人员管理', 'People', 'team'), parent: 'system', sort: 20 },
    // Beside the organisation (10) and its people: teams across its departments.
    { ...modelMenu('virtual_org', '虚拟组织', 'Virtual organisations', 'apartment'), parent: 'system', sort: 25 },
    { ...modelMenu('agency', '代理机构', 'Agencies', 'bank'), parent: 'system', sort: 40 },
    { ...modelMenu('agent', '代理人', 'Agents', 'team'), parent: 'system', sort: 50 },
  ],
  resources: [
    {
      code: 'person:account',
      type: 'button',
      parent: 'person',
      label: { zh: '人员账号管理', en: 'Manage person accounts' },
      level: 'no_share',
      sort: 10,
    },
    {
      code: 'agent:account',
      type: 'button',
      parent: 'agent',
      label: { zh: '代理人账号管理', en: 'Manage agent accounts' },
      level: 'no_share',
      sort: 10,
    },
  ],
  // Administration, like persons and departments: no default role holds it (its menu is under System
  // settings, which users who are not administrators never see). A role whose users pick or read virtual
  // organisations in records is granted `virtual_org` by the administrator.
  grants: {},
  errors: { ranges: [], codes: {} },
  messages,
} satisfies CoreDomain<PeopleMessageKey>;
