// The people domain in the web: login accounts and resignation of persons and agents, closing and
// reopening agencies, beside Edit and Delete on their detail pages.
import { AgencyActions } from './AgencyActions';
import { AgentActions } from './AgentActions';
import { PersonActions } from './PersonActions';
import type { WebDomain } from '../types';

export const peopleWeb: WebDomain = {
  name: 'people',
  detailActions: { person: PersonActions, agent: AgentActions, agency: AgencyActions },
};
