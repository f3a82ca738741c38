// Patent-specific tabs on the generic detail page (inventors, relations, deadlines, fees, documents):
// the detail page shows detailTabs[model] after the details tab.
import type { DetailTab } from './types';

export type { DetailTab, DetailTabProps } from './types';

const patentTabs: DetailTab[] = [];

export const detailTabs: Readonly<Partial<Record<string, readonly DetailTab[]>>> = {
  patent: patentTabs,
};
