// The platform's hooks for every model that dockets dates (ModelDeclaration.docket): a create, an update or a
// lifecycle action that changed a declared date, the calendar office or a `when` field recomputes that
// record's rule deadlines in the same transaction (and only then); an import recomputes its records in
// batches. Each deadline store drops a deadline's stored basis when the deadline goes (by hand or with its
// record). Installed once at start, after the domains' hooks.
import { docketFields, type ModelDeclaration } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelRegistry } from '../models/registry.js';
import { tenantCalendars } from '../../domains/patents/calendars.js';
import { docketModels, syncDocket, type DocketModels } from './sync.js';

const IMPORT_BATCH = 2000;

function changed(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): boolean {
  return !before || fields.some((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
}

export function installDocketHooks(registry: ModelRegistry): void {
  for (const resolved of registry.docketed()) {
    const models = docketModels(registry, resolved.name);
    if (!models) continue;
    const declaration: ModelDeclaration = resolved.declaration;
    const fields = docketFields(models.docketed.docket);
    registry.hooks.add(declaration, {
      async afterWrite(tx, { principal, before, after, now, requestId }) {
        if (!changed(before, after, fields)) return;
        await syncDocket(tx, models, [String(after.sid)], {
          tenantSid: principal.tenantSid,
          now,
          actorSid: principal.userSid,
          calendars: await tenantCalendars(tx, principal.tenantSid),
          audit: { tenantSid: principal.tenantSid, userSid: principal.userSid, requestId, now },
        });
      },
      async afterImport(tx, { principal, sids, now }) {
        await syncInBatches(tx, models, sids, { tenantSid: principal.tenantSid, now, actorSid: principal.userSid });
      },
    });
    registry.hooks.add(models.store.declaration, {
      async beforeDelete(tx, { principal, record }) {
        await tx.query('DELETE FROM docket_basis WHERE tenant_sid = $1 AND model = $2 AND deadline_sid = $3', [
          principal.tenantSid,
          models.store.name,
          String(record.sid),
        ]);
      },
    });
  }
}

/** Many records' deadlines, a few thousand at a time (each statement binds one array per column). */
export async function syncInBatches(
  tx: Queryable,
  models: DocketModels,
  sids: readonly string[],
  options: { tenantSid: string; now: Date; actorSid: string | null },
): Promise<void> {
  const calendars = await tenantCalendars(tx, options.tenantSid);
  for (let i = 0; i < sids.length; i += IMPORT_BATCH)
    await syncDocket(tx, models, sids.slice(i, i + IMPORT_BATCH), { ...options, calendars });
}
