// Required document categories of a case at a stage (core's data per patent type), what it has on file,
// and what is missing — named in the caller's language, since spec §8 lists missing document types by
// name. assertRequiredDocuments is the check a workflow step runs before it may proceed.
import {
  AppError,
  documentCategoryLabel,
  isDocumentCategory,
  missingCategories,
  patentModel,
  requiredCategories,
  tableOf,
  translate,
  type DocumentCategory,
  type DocumentStage,
  type Language,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';

export function categoryName(category: string | null, language: Language): string {
  if (category === null) return translate(language, 'documents.categoryNone');
  return isDocumentCategory(category) ? documentCategoryLabel(category, language) : category;
}

export interface CategoryEntry {
  category: string;
  label: string;
}

export interface RequiredDocuments {
  stage: DocumentStage;
  required: CategoryEntry[];
  present: CategoryEntry[];
  missing: CategoryEntry[];
}

const entries = (list: readonly string[], language: Language): CategoryEntry[] =>
  list.map((category) => ({ category, label: categoryName(category, language) }));

/** The case's type and the categories of its documents (tenant-scoped; the caller checked access). */
async function caseFacts(
  db: Queryable,
  tenantSid: string,
  patentSid: string,
): Promise<{ patentType: string | null; present: string[] }> {
  const rows = await db.query<{ patent_type: string | null; categories: string[] | null }>(
    `SELECT p.patent_type,
            (SELECT array_agg(DISTINCT d.category ORDER BY d.category) FROM patent_document d
              WHERE d.tenant_sid = p.tenant_sid AND d.patent_sid = p.sid AND d.category IS NOT NULL) AS categories
       FROM ${tableOf(patentModel)} p WHERE p.sid = $1 AND p.tenant_sid = $2`,
    [patentSid, tenantSid],
  );
  const row = rows[0];
  if (!row) throw new AppError('recordNotFound');
  return { patentType: row.patent_type, present: row.categories ?? [] };
}

export async function requiredDocuments(
  db: Queryable,
  tenantSid: string,
  patentSid: string,
  stage: DocumentStage,
  language: Language,
): Promise<RequiredDocuments> {
  const { patentType, present } = await caseFacts(db, tenantSid, patentSid);
  const required: DocumentCategory[] = requiredCategories(patentType, stage);
  return {
    stage,
    required: entries(required, language),
    present: entries(present, language),
    missing: entries(missingCategories(required, present), language),
  };
}

/**
 * Refuses (400334) while the case lacks a category its type needs at the stage; the message names the
 * missing categories in `language`. Call it in the step's transaction, after checking access to the case.
 */
export async function assertRequiredDocuments(
  tx: Queryable,
  tenantSid: string,
  patentSid: string,
  stage: DocumentStage,
  language: Language,
): Promise<void> {
  const { missing } = await requiredDocuments(tx, tenantSid, patentSid, stage, language);
  if (!missing.length) return;
  const separator = language === 'en' ? ', ' : '、';
  throw new AppError('documentsMissing', { params: { categories: missing.map((m) => m.label).join(separator) } });
}
