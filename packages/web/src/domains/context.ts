// The domains the detail page loops over, when the app is given a list (a test adds its own domain);
// otherwise the page uses DOMAINS. Only a type is imported here: the entry chunk stays free of the
// domains' components (they load with the detail page).
import { createContext } from 'react';
import type { WebDomain } from './types';

export const DomainsContext = createContext<readonly WebDomain[] | undefined>(undefined);
