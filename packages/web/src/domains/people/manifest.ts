// The people domain in the web: login accounts and resignation of persons and agents, beside Edit and
// Delete on their detail pages. An agency's close and reopen are its lifecycle actions (the generic buttons).
import { AgentActions } from './AgentActions';
import { PersonActions } from './PersonActions';
import type { WebDomain } from '../types';

export const peopleWeb: WebDomain = {
  name: 'people',
  detailActions: { person: PersonActions, agent: AgentActions },
};
