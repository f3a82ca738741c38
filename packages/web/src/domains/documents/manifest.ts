// The documents domain in the web: a case's documents tab (after the patents domain's tabs).
import { DocumentsTab } from './DocumentsTab';
import type { WebDomain } from '../types';

export const documentsWeb: WebDomain = {
  name: 'documents',
  detailTabs: { patent: [{ key: 'documents', labelKey: 'patentDocs.tab', Component: DocumentsTab }] },
};
