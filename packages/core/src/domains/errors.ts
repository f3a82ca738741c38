// Every domain's error codes by name, gathered from the domains' errors files instead of their manifests: the
// error catalogue (errors/catalogue.ts) is part of the web app's entry, and a manifest brings the domain's
// models and texts with it (issue 16: 212 KB of the sign-in page's code). A domain with errors lists its file
// here as well as its manifest in DOMAINS; domains.test.ts checks the two agree.
import { DOCUMENTS_ERRORS } from './documents/errors.js';
import { PATENTS_ERRORS } from './patents/errors.js';
import { TAXONOMY_ERRORS } from './taxonomy/errors.js';
import { WORKFLOW_ERRORS } from './workflow/errors.js';

/** The domains' error declarations, in DOMAINS order (the domains without errors left out). */
export const DOMAIN_ERROR_DECLARATIONS = [WORKFLOW_ERRORS, PATENTS_ERRORS, DOCUMENTS_ERRORS, TAXONOMY_ERRORS] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every domain's error codes by name (typed: `new AppError('relationExists')` checks the name). */
export type DomainErrors = UnionToIntersection<(typeof DOMAIN_ERROR_DECLARATIONS)[number]['codes']>;
export const DOMAIN_ERRORS = Object.assign(
  {},
  ...DOMAIN_ERROR_DECLARATIONS.map((declaration) => declaration.codes),
) as DomainErrors;
