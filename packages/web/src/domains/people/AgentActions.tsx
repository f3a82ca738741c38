// An agent's own actions on the detail page: the login account (agency roles), guarded by agent:account.
import { AccountActions } from './AccountActions';
import { recordName } from './record-name';
import { mayUse, useHeldResources } from './resources';
import type { DetailActionProps } from './types';

export function AgentActions(props: DetailActionProps) {
  const held = useHeldResources();
  if (!mayUse(held, 'agent:account')) return null;
  return <AccountActions {...props} target="agent" invalidStatus="invalid" name={recordName(props)} />;
}
