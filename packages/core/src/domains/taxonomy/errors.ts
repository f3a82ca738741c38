// The error codes of taxonomy (categories): apart from the manifest so that the error catalogue (errors/catalogue.ts,
// which the web app's entry needs) gathers them without the domain's models and texts (domains/errors.ts).
import { codeBands, domainError, type CoreDomain } from '../types.js';

export const TAXONOMY_ERRORS = {
  ranges: codeBands([409], 920, 939),
  codes: {
    categoryCycle: domainError(409920, 409, 'error.categoryCycle'),
    categoryHasChildren: domainError(409921, 409, 'error.categoryHasChildren'),
  },
} satisfies CoreDomain['errors'];
