// A case's documents when the case itself goes (spec §5: deleting a case deletes its documents, for
// good). For the case-deletion hook: deleteCaseDocuments in the delete's transaction (rows, history,
// files queued for removal), then removeStoredFiles with the keys it returned once that committed.
// drainFileRemovals, run at start-up, finishes what a crash interrupted.
import type { Queryable } from '../../db/database.js';
import { queueFileRemovals } from '../../platform/files/removals.js';

export { drainFileRemovals, removeStoredFiles } from '../../platform/files/removals.js';

/** Deletes the case's documents, their stored_file rows and history; returns the storage keys to remove. */
export async function deleteCaseDocuments(
  tx: Queryable,
  tenantSid: string,
  patentSid: string,
  now: Date = new Date(),
): Promise<string[]> {
  const rows = await tx.query<{ file_sid: string; storage_key: string }>(
    `DELETE FROM patent_document d USING stored_file f
      WHERE d.tenant_sid = $1 AND d.patent_sid = $2 AND f.sid = d.file_sid AND f.tenant_sid = d.tenant_sid
      RETURNING d.file_sid, f.storage_key`,
    [tenantSid, patentSid],
  );
  if (rows.length)
    await tx.query('DELETE FROM stored_file WHERE tenant_sid = $1 AND sid = ANY($2::text[])', [
      tenantSid,
      rows.map((r) => r.file_sid),
    ]);
  await tx.query('DELETE FROM patent_document_event WHERE tenant_sid = $1 AND patent_sid = $2', [tenantSid, patentSid]);
  const keys = rows.map((r) => r.storage_key);
  await queueFileRemovals(tx, keys, now);
  return keys;
}

/** How many documents deleting the case takes along (its delete confirmation). */
export async function countCaseDocuments(db: Queryable, tenantSid: string, patentSid: string): Promise<number> {
  const rows = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM patent_document WHERE tenant_sid = $1 AND patent_sid = $2',
    [tenantSid, patentSid],
  );
  return rows[0]?.count ?? 0;
}
