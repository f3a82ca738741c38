// A domain's manifest in the web: what it adds to the generic detail page (tabs, actions), by model.
// The detail page loops over the domains instead of importing a domain's components.
import type { ComponentType } from 'react';
import type { DetailTab } from './patents/types';
import type { DetailActionProps } from './people/types';

export type { DetailTab, DetailTabProps } from './patents/types';
export type { DetailActionProps } from './people/types';

export interface WebDomain {
  readonly name: string;
  /** Tabs after the details tab of its models' detail pages (domains in order, each's tabs in order). */
  readonly detailTabs?: Readonly<Partial<Record<string, readonly DetailTab[]>>>;
  /** Buttons beside Edit and Delete on its models' detail pages. */
  readonly detailActions?: Readonly<Partial<Record<string, ComponentType<DetailActionProps>>>>;
}
