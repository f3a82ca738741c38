// Model-specific actions on the generic detail page: the detail page shows detailActions[model] (when
// there is one) beside Edit and Delete, with the record and a callback that reads it again.
import type { ComponentType } from 'react';
import { AgencyActions } from './AgencyActions';
import { AgentActions } from './AgentActions';
import { PersonActions } from './PersonActions';
import type { DetailActionProps } from './types';

export type { DetailActionProps } from './types';

export const detailActions: Readonly<Partial<Record<string, ComponentType<DetailActionProps>>>> = {
  person: PersonActions,
  agent: AgentActions,
  agency: AgencyActions,
};
