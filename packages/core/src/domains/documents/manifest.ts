// The documents domain in core: a case's files (upload, preview, required categories), their errors
// and texts. Its tab sits on the patent detail page (web manifest); its data lives in its own tables.
import { patentDocumentsEn } from '../../i18n/patent-documents.en.js';
import { patentDocumentsZhCN } from '../../i18n/patent-documents.zh-CN.js';
import { webPatentDocumentsEn } from '../../i18n/web-patent-documents.en.js';
import { webPatentDocumentsZhCN } from '../../i18n/web-patent-documents.zh-CN.js';
import { codeBands, domainError, domainMessages, type CoreDomain } from '../types.js';

const messages = domainMessages(
  { ...patentDocumentsZhCN, ...webPatentDocumentsZhCN },
  { ...patentDocumentsEn, ...webPatentDocumentsEn },
);
type DocumentsMessageKey = keyof (typeof messages)['zh-CN'];

export const documentsDomain = {
  name: 'documents',
  models: [],
  dictionaries: [],
  menus: [],
  resources: [],
  grants: {},
  errors: {
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
  },
  messages,
} satisfies CoreDomain<DocumentsMessageKey>;
