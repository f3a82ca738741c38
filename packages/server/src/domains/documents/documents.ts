// Reading patent documents and their history: one row shape for every answer (with uploader name, size,
// media type, checksum and whether the browser can preview it), and the events that make up the
// upload/download history (spec §3 "Document upload and download history").
import { isPreviewable, type Language } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { categoryName } from './required.js';

export type DocumentAction = 'upload' | 'download' | 'preview' | 'update' | 'delete';

export interface DocumentRow {
  sid: string;
  patent_sid: string;
  item_sid: string | null;
  file_sid: string;
  file_name: string;
  category: string | null;
  sent_received_on: string | null;
  major_version: number;
  version_remark: string | null;
  archived_on: string | null;
  /** Raised by every metadata change; an update names the one it read (409000 when stale). */
  version: number;
  checksum: string;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  uploaded_at: Date;
  media_type: string;
  size_bytes: number;
  storage_key: string;
}

/** What the API answers for a document (the storage key stays inside). */
export type DocumentView = Omit<DocumentRow, 'file_sid' | 'storage_key'> & { previewable: boolean };

const SELECT = `
  SELECT d.sid, d.patent_sid, d.item_sid, d.file_sid, d.file_name, d.category, d.sent_received_on,
         d.major_version, d.version_remark, d.archived_on, d.version, d.checksum, d.uploaded_by, u.name AS uploaded_by_name,
         d.uploaded_at, f.media_type, f.size_bytes, f.storage_key
    FROM patent_document d
    JOIN stored_file f ON f.sid = d.file_sid AND f.tenant_sid = d.tenant_sid
    LEFT JOIN user_account u ON u.sid = d.uploaded_by`;

export function presentDocument(row: DocumentRow): DocumentView {
  const { file_sid: _file, storage_key: _key, ...rest } = row;
  return { ...rest, previewable: isPreviewable(row.media_type, row.size_bytes) };
}

/** One document row of the tenant (the caller still has to read its case to be allowed to see it). */
export async function findDocumentRow(
  db: Queryable,
  tenantSid: string,
  documentSid: string,
): Promise<DocumentRow | undefined> {
  const rows = await db.query<DocumentRow>(`${SELECT} WHERE d.sid = $1 AND d.tenant_sid = $2`, [
    documentSid,
    tenantSid,
  ]);
  return rows[0];
}

export async function findDocument(db: Queryable, tenantSid: string, documentSid: string) {
  const row = await findDocumentRow(db, tenantSid, documentSid);
  return row && presentDocument(row);
}

/** A case's documents, newest first; only an item's when itemSid is given. */
export async function listDocuments(
  db: Queryable,
  tenantSid: string,
  patentSid: string,
  itemSid: string | undefined,
  language: Language,
): Promise<Array<DocumentView & { category_label: string }>> {
  const rows = await db.query<DocumentRow>(
    `${SELECT} WHERE d.tenant_sid = $1 AND d.patent_sid = $2 AND ($3::text IS NULL OR d.item_sid = $3)
      ORDER BY d.uploaded_at DESC, d.sid DESC`,
    [tenantSid, patentSid, itemSid ?? null],
  );
  return rows.map((row) => ({ ...presentDocument(row), category_label: categoryName(row.category, language) }));
}

export interface DocumentEvent {
  tenantSid: string;
  documentSid: string;
  patentSid: string;
  action: DocumentAction;
  actorSid: string | null;
  fileName: string;
  at: Date;
}

export async function recordEvent(tx: Queryable, event: DocumentEvent): Promise<void> {
  await tx.query(
    `INSERT INTO patent_document_event (tenant_sid, document_sid, patent_sid, action, actor_sid, file_name, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [event.tenantSid, event.documentSid, event.patentSid, event.action, event.actorSid, event.fileName, event.at],
  );
}

export interface HistoryEntry {
  id: number;
  action: DocumentAction;
  actor_sid: string | null;
  actor_name: string | null;
  file_name: string;
  at: Date;
}

/** The case a document belongs (or belonged) to: from its row, or from its history once deleted. */
export async function caseOfDocument(
  db: Queryable,
  tenantSid: string,
  documentSid: string,
): Promise<string | undefined> {
  const rows = await db.query<{ patent_sid: string }>(
    `SELECT patent_sid FROM patent_document WHERE sid = $1 AND tenant_sid = $2
     UNION ALL
     SELECT patent_sid FROM patent_document_event WHERE document_sid = $1 AND tenant_sid = $2
     LIMIT 1`,
    [documentSid, tenantSid],
  );
  return rows[0]?.patent_sid;
}

/** A document's events, oldest first, with the actors' names. */
export async function documentHistory(db: Queryable, tenantSid: string, documentSid: string): Promise<HistoryEntry[]> {
  return db.query<HistoryEntry>(
    `SELECT e.id, e.action, e.actor_sid, u.name AS actor_name, e.file_name, e.at
       FROM patent_document_event e LEFT JOIN user_account u ON u.sid = e.actor_sid
      WHERE e.tenant_sid = $1 AND e.document_sid = $2
      ORDER BY e.id`,
    [tenantSid, documentSid],
  );
}
