// Deleting a case (spec §5): what is special to a case goes with it in the delete's one transaction —
// its documents (rows, and the files once the transaction committed), inventors, relations and the
// deadlines' computation basis. Its items, deadlines and fees are child records declared on their models
// (`parent`), which the record pipeline counts and deletes with the case (platform/models/children.ts).
// The confirmation lists what will go, with counts.
import type { patentModel, RowOf } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { countCaseDocuments, deleteCaseDocuments, removeStoredFiles } from '../documents/index.js';
import type { FileStorage } from '../../platform/files/storage.js';
import { audit } from '../../modules/accounts/context.js';
import type { DeleteEvent, ModelHooks } from '../../platform/models/hooks.js';
import { countPatentLinks, deletePatentLinks } from './relations.js';

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
        ...(await countPatentLinks(reader, principal.tenantSid, sid)),
      ];
    },
    async beforeDelete(tx, event) {
      const { principal, record, now, requestId } = event;
      const sid = record.sid;
      const counts = await countPatentLinks(tx, principal.tenantSid, sid);
      const keys = await deleteCaseDocuments(tx, principal.tenantSid, sid, now);
      await deletePatentLinks(tx, principal.tenantSid, sid);
      await tx.query('DELETE FROM deadline_basis WHERE tenant_sid = $1 AND patent_sid = $2', [
        principal.tenantSid,
        sid,
      ]);
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
