// The documents module's face to other modules: the workflow's required-documents check, the case
// deletion's clean-up, the start-up drain of pending file removals, and the shared file storage.
export { assertRequiredDocuments, requiredDocuments } from './required.js';
export { countCaseDocuments, deleteCaseDocuments, drainFileRemovals, removeStoredFiles } from './case-documents.js';
export { fileStorageFor } from '../../platform/files/storage-settings.js';
