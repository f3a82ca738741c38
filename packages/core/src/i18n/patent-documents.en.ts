// Server texts of patent documents (en), typed against zh-CN.
import type { PatentDocumentsMessageKey } from './patent-documents.zh-CN.js';

export const patentDocumentsEn: Record<PatentDocumentsMessageKey, string> = {
  'field.documentSid': 'Document',
  'field.documentPatent': 'Patent',
  'field.documentItem': 'Office action or event',
  'field.documentFile': 'File',
  'field.documentFileName': 'File name',
  'field.documentCategory': 'Document category',
  'field.documentSentReceivedOn': 'Sent / received on',
  'field.documentMajorVersion': 'Major version',
  'field.documentVersionRemark': 'Version remark',
  'field.documentArchivedOn': 'Archived on',
  'field.documentStage': 'Stage',
  'validation.noControlCharacters': 'must not contain line breaks or control characters',

  'error.documentNotFound': 'The document does not exist or you may not see it',
  'error.documentFileGone': "The document's file is missing. Please contact your administrator.",
  'error.documentItemMismatch': 'The office action or event chosen does not belong to this patent',
  'error.documentTooLarge': 'Upload failed: the file is larger than {{max}}',
  'error.documentFileType': 'File format incorrect. Accepted formats: {{allowed}}',
  'error.uploadIncomplete': 'The upload did not complete. Wait for it to finish before confirming.',
  'error.designPictureType': 'Design picture format incorrect. Accepted formats: {{allowed}}',
  'error.designPictureTooLarge': 'A design picture may not be larger than {{max}}',
  'error.designPictureDimensions':
    'The design picture measures {{width}} × {{height}} cm (at {{dpi}} dpi); at most {{maxWidth}} × {{maxHeight}} cm is allowed',
  'error.proofDocumentLimit': 'A patent may have at most {{max}} proof documents',
  'error.previewEncrypted': 'This file is encrypted and cannot be previewed. Download it instead.',
  'error.previewTooLarge': 'Files over {{max}} cannot be previewed. Download it instead.',
  'error.previewUnsupported': 'This file format cannot be previewed. Download it instead.',
  'error.documentsMissing': 'Missing document types: {{categories}}',
  'documents.categoryNone': 'Uncategorised',
};
