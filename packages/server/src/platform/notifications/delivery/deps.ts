// What the delivery jobs need, made once at start: the accounts context (database, clock, mailer, sealed
// secrets, configuration and the listening address for links) and the model registry (rendering titles
// through the reader's rights).
import type { AccountsContext } from '../../../modules/accounts/context.js';
import type { ModelRegistry } from '../../models/registry.js';

export interface DeliveryDeps {
  accounts: AccountsContext;
  registry: ModelRegistry;
}
