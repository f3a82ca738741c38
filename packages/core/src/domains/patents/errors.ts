// The error codes of patents (relations, inventors, fees, office calendars): apart from the manifest so that the error catalogue (errors/catalogue.ts,
// which the web app's entry needs) gathers them without the domain's models and texts (domains/errors.ts).
import { codeBands, domainError, type CoreDomain } from '../types.js';

export const PATENTS_ERRORS = {
  // Relations and inventors take x350-x399, deadlines, fees and office calendars x400-x449.
  ranges: codeBands([400, 404, 409], 350, 449),
  codes: {
    /** Params: row, field, problem. */
    calendarImportInvalid: domainError(400400, 400, 'error.calendarImportInvalid'),
    /** Params: max. */
    calendarImportTooMany: domainError(400401, 400, 'error.calendarImportTooMany'),
    // Patents helper (issue 14): fee records made from a schedule line.
    feeLineNotFound: domainError(404402, 404, 'error.feeLineNotFound'),
    feeRecordExists: domainError(409402, 409, 'error.feeRecordExists'),
    /** Params: sum (the current sum of the shares, in percent). */
    inventorContributionSum: domainError(400350, 400, 'error.inventorContributionSum'),
    relationSameCase: domainError(400351, 400, 'error.relationSameCase'),
    /** Params: count (warnings not confirmed); fields: every warning (field = its code). */
    relationWarnings: domainError(409350, 409, 'error.relationWarnings'),
    relationExists: domainError(409351, 409, 'error.relationExists'),
    relationNotFound: domainError(404350, 404, 'error.relationNotFound'),
  },
} satisfies CoreDomain['errors'];
