// The documents domain in core: a case's files (upload, preview, required categories), their errors
// and texts. Its tab sits on the patent detail page (web manifest); its data lives in its own tables.
import { DOCUMENTS_ERRORS } from './errors.js';
import { patentDocumentsEn } from '../../i18n/patent-documents.en.js';
import { patentDocumentsZhCN } from '../../i18n/patent-documents.zh-CN.js';
import { webPatentDocumentsEn } from '../../i18n/web-patent-documents.en.js';
import { webPatentDocumentsZhCN } from '../../i18n/web-patent-documents.zh-CN.js';
import { domainMessages, type CoreDomain } from '../types.js';

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
  errors: DOCUMENTS_ERRORS,
  messages,
} satisfies CoreDomain<DocumentsMessageKey>;
