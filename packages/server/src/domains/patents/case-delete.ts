// Deleting a case (spec §5): its documents, items, deadlines, fees, inventors and relations go with it
// in the delete's one transaction, and cannot be undone; the files leave the storage only after that
// transaction committed. The confirmation lists what will go, with counts.
import { feeModel, patentItemModel, patentModel, patentTaskModel, tableOf, type RowOf } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { countCaseDocuments, deleteCaseDocuments, removeStoredFiles } from '../documents/index.js';
import type { FileStorage } from '../../platform/files/storage.js';
import { audit } from '../../modules/accounts/context.js';
import type { DeleteDependent, DeleteEvent, ModelHooks } from '../../platform/models/hooks.js';
import { countPatentLinks, deletePatentLinks } from './relations.js';

/** The case's own rows in the declared models, with the label of each kind. */
const CASE_MODELS = [
  { key: 'items', table: tableOf(patentItemModel), label: { zh: '官文与事件', en: 'Office actions and events' } },
  { key: 'deadlines', table: tableOf(patentTaskModel), label: { zh: '期限', en: 'Deadlines' } },
  { key: 'fees', table: tableOf(feeModel), label: { zh: '费用', en: 'Fees' } },
] as const;

async function countCaseRows(db: Queryable, tenantSid: string, patentSid: string): Promise<DeleteDependent[]> {
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${CASE_MODELS.map((m) => `(SELECT count(*) FROM ${m.table} WHERE tenant_sid = $1 AND patent = $2)::int AS ${m.key}`).join(', ')}`,
    [tenantSid, patentSid],
  );
  return CASE_MODELS.map((m) => ({ key: m.key, label: m.label, count: row?.[m.key] ?? 0 }));
}

type PatentRow = RowOf<typeof patentModel>;

export function caseDeletionHooks(storage: FileStorage, db: Queryable): ModelHooks<PatentRow> {
  // Storage keys of the files to remove once the delete committed, per delete in flight.
  const pending = new WeakMap<DeleteEvent<PatentRow>, string[]>();
  return {
    async deletePreview(reader, { principal, record }) {
      const sid = record.sid;
      return [
        {
          key: 'documents',
          label: { zh: '文档', en: 'Documents' },
          count: await countCaseDocuments(reader, principal.tenantSid, sid),
        },
        ...(await countCaseRows(reader, principal.tenantSid, sid)),
        ...(await countPatentLinks(reader, principal.tenantSid, sid)),
      ];
    },
    async beforeDelete(tx, event) {
      const { principal, record, now, requestId } = event;
      const sid = record.sid;
      const counts = [
        ...(await countCaseRows(tx, principal.tenantSid, sid)),
        ...(await countPatentLinks(tx, principal.tenantSid, sid)),
      ];
      const keys = await deleteCaseDocuments(tx, principal.tenantSid, sid, now);
      await deletePatentLinks(tx, principal.tenantSid, sid);
      await tx.query('DELETE FROM deadline_basis WHERE tenant_sid = $1 AND patent_sid = $2', [
        principal.tenantSid,
        sid,
      ]);
      for (const m of CASE_MODELS) {
        await tx.query(`DELETE FROM ${m.table} WHERE tenant_sid = $1 AND patent = $2`, [principal.tenantSid, sid]);
      }
      await audit(tx, {
        tenantSid: principal.tenantSid,
        actorSid: principal.userSid,
        action: 'patent.cascade_deleted',
        target: `patent:${sid}`,
        detail: { documents: keys.length, ...Object.fromEntries(counts.map((c) => [c.key, c.count])) },
        requestId,
        at: now,
      });
      pending.set(event, keys);
    },
    async afterDelete(event) {
      const keys = pending.get(event);
      if (keys?.length) await removeStoredFiles(db, storage, keys);
    },
  };
}
