// Inventors to pick: active persons of the caller's tenant by name or job number, within the caller's
// personnel selection range (spec §6) — the whole tenant, or their companies with sub-companies. People
// administration is not needed to name a colleague as an inventor, so this reads only names.
import { personModel, tableOf, type PickRange } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { escapeLike, SqlParams } from '../../platform/models/sql-params.js';

export interface InventorCandidate {
  sid: string;
  name: string;
  job_number: string | null;
}

export async function inventorCandidates(
  db: Queryable,
  searcher: { tenantSid: string; pickRange: PickRange; companySids: readonly string[] },
  keyword: string,
  rows = 20,
): Promise<InventorCandidate[]> {
  const params = new SqlParams([searcher.tenantSid]);
  const conditions = ['t.tenant_sid = $1', "t.status = 'active'"];
  const term = keyword.trim();
  if (term) {
    const like = params.add(`%${escapeLike(term)}%`);
    conditions.push(`(t.name ILIKE ${like} OR t.job_number ILIKE ${like})`);
  }
  if (searcher.pickRange !== 'all') {
    conditions.push(`t.company_sid IN (
      SELECT c.sid FROM company c JOIN company mine ON c.path LIKE mine.path || '%'
       WHERE c.tenant_sid = t.tenant_sid AND mine.tenant_sid = t.tenant_sid
         AND mine.sid = ANY(${params.add([...searcher.companySids])}::text[]))`);
  }
  return db.query<InventorCandidate>(
    `SELECT t.sid, t.name, t.job_number FROM ${tableOf(personModel)} t WHERE ${conditions.join(' AND ')}
      ORDER BY t.name, t.sid LIMIT ${params.add(rows)}`,
    params.values as never,
  );
}
