// Every declared model: each domain's (its manifest's models), in DOMAINS order. Declaring a model in
// its domain's manifest is all it takes to get its table, API and UI.
import { DOMAINS, modelsOf } from '../../domains/index.js';
import type { ModelDeclaration } from '../define.js';
import { agency, agent } from './agency.js';
import { person } from './person.js';

export const MODEL_CATALOG: readonly ModelDeclaration[] = modelsOf(DOMAINS);

/** Models every registry holds, because permissions (departments, accounts) and agencies rely on them. */
export const PEOPLE_MODELS: readonly ModelDeclaration[] = [person, agency, agent];

// The declarations, for the server's hand-written SQL (tableOf, col).
export { person as personModel } from './person.js';
export { agency as agencyModel, agent as agentModel } from './agency.js';
