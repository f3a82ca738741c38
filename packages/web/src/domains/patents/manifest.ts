// The patents domain in the web: a case's tabs (inventors, relations, family, deadlines, fees).
import { DeadlinesTab } from '../../patents/deadlines/DeadlinesTab';
import { FamilyTab } from '../../patents/family/FamilyTab';
import { FeesTab } from '../../patents/fees/FeesTab';
import { InventorsTab } from '../../patents/inventors/InventorsTab';
import { RelationsTab } from '../../patents/relations/RelationsTab';
import type { WebDomain } from '../types';

export const patentsWeb: WebDomain = {
  name: 'patents',
  detailTabs: {
    patent: [
      { key: 'inventors', labelKey: 'patentTab.inventors', Component: InventorsTab },
      { key: 'relations', labelKey: 'patentTab.relations', Component: RelationsTab },
      { key: 'family', labelKey: 'patentTab.family', Component: FamilyTab },
      { key: 'deadlines', labelKey: 'patentTab.deadlines', Component: DeadlinesTab },
      { key: 'fees', labelKey: 'patentTab.fees', Component: FeesTab },
    ],
  },
};
