// The server half of the test-only docketed domain: nothing of its own — the platform installs the docket
// hooks for every model that declares `docket`, and the deadline routes read every store.
import type { ServerDomain } from '../../../src/domains/index.js';
import { certificatesDomain } from './core.js';

export const certificatesServer: ServerDomain = { core: certificatesDomain };
