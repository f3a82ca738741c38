// The patents domain in the web: a case's tabs (inventors, relations, family, deadlines, fees). Its office
// actions and events (patent_item) have no tab of their own: the generic child tab lists them.
import { DeadlinesTab } from './deadlines/DeadlinesTab';
import { FamilyTab } from './family/FamilyTab';
import { FeesTab } from './fees/FeesTab';
import { InventorsTab } from './inventors/InventorsTab';
import { RelationsTab } from './relations/RelationsTab';
import type { WebDomain } from '../types';

export const patentsWeb: WebDomain = {
  name: 'patents',
  detailTabs: {
    patent: [
      { key: 'inventors', labelKey: 'patentTab.inventors', Component: InventorsTab },
      { key: 'relations', labelKey: 'patentTab.relations', Component: RelationsTab },
      { key: 'family', labelKey: 'patentTab.family', Component: FamilyTab },
      { key: 'deadlines', labelKey: 'patentTab.deadlines', Component: DeadlinesTab, childModel: 'patent_task' },
      { key: 'fees', labelKey: 'patentTab.fees', Component: FeesTab, childModel: 'fee' },
    ],
  },
};
