// Patent-specific tabs on the generic detail page (inventors, relations, deadlines, fees, documents):
// the detail page shows detailTabs[model] after the details tab.
import { DeadlinesTab } from './deadlines/DeadlinesTab';
import { DocumentsTab } from './documents/DocumentsTab';
import { FeesTab } from './fees/FeesTab';
import { FamilyTab } from './family/FamilyTab';
import { InventorsTab } from './inventors/InventorsTab';
import { RelationsTab } from './relations/RelationsTab';
import type { DetailTab } from './types';

export type { DetailTab, DetailTabProps } from './types';

const patentTabs: DetailTab[] = [
  { key: 'inventors', labelKey: 'patentTab.inventors', Component: InventorsTab },
  { key: 'relations', labelKey: 'patentTab.relations', Component: RelationsTab },
  { key: 'family', labelKey: 'patentTab.family', Component: FamilyTab },
  { key: 'deadlines', labelKey: 'patentTab.deadlines', Component: DeadlinesTab },
  { key: 'fees', labelKey: 'patentTab.fees', Component: FeesTab },
  { key: 'documents', labelKey: 'patentDocs.tab', Component: DocumentsTab },
];

export const detailTabs: Readonly<Partial<Record<string, readonly DetailTab[]>>> = {
  patent: patentTabs,
};
