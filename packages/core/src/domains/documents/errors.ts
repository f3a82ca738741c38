// The error codes of documents: apart from the manifest so that the error catalogue (errors/catalogue.ts,
// which the web app's entry needs) gathers them without the domain's models and texts (domains/errors.ts).
import { codeBands, domainError, type CoreDomain } from '../types.js';

export const DOCUMENTS_ERRORS = {
  // x300-x349 beside organisation's x300-x329 of 400/403/409: 400 starts at 330.
  ranges: [[400330, 400349], ...codeBands([404, 413, 415], 300, 349)],
  codes: {
    documentNotFound: domainError(404301, 404, 'error.documentNotFound'),
    documentFileGone: domainError(404302, 404, 'error.documentFileGone'),
    documentItemMismatch: domainError(400331, 400, 'error.documentItemMismatch'),
    /** Params: width, height, dpi, maxWidth, maxHeight (centimetres). */
    designPictureDimensions: domainError(400332, 400, 'error.designPictureDimensions'),
    /** Params: max. */
    proofDocumentLimit: domainError(400333, 400, 'error.proofDocumentLimit'),
    /** Params: categories (their names in the caller's language). */
    documentsMissing: domainError(400334, 400, 'error.documentsMissing'),
    uploadIncomplete: domainError(400335, 400, 'error.uploadIncomplete'),
    /** Params: max. */
    documentTooLarge: domainError(413301, 413, 'error.documentTooLarge'),
    /** Params: max. */
    designPictureTooLarge: domainError(413302, 413, 'error.designPictureTooLarge'),
    /** Spec §8 "oversized: download instead". Params: max. */
    previewTooLarge: domainError(413303, 413, 'error.previewTooLarge'),
    /** Spec §8 "file format incorrect". Params: allowed. */
    documentFileType: domainError(415301, 415, 'error.documentFileType'),
    /** Params: allowed. */
    designPictureType: domainError(415302, 415, 'error.designPictureType'),
    /** Spec §8 "encrypted: download instead". */
    previewEncrypted: domainError(415303, 415, 'error.previewEncrypted'),
    previewUnsupported: domainError(415304, 415, 'error.previewUnsupported'),
  },
} satisfies CoreDomain['errors'];
