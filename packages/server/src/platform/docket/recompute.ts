// At start: each docketed model whose rules print (core docketPrint) differs from the one its deadlines were
// last computed with gets every record recomputed, tenant by tenant in batches of their own transactions;
// the print is recorded only once all are done, so an interrupted run is redone. One summary audit entry
// per tenant and model (no actor: the system did it).
import type { Database } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import type { ModelRegistry } from '../models/registry.js';
import { tenantCalendars } from '../../domains/patents/calendars.js';
import { currentPrint, docketModels, syncDocket, type DocketCounts } from './sync.js';

const BATCH = 500;

export interface DocketRecomputeReport {
  model: string;
  records: number;
  counts: DocketCounts;
}

export async function recomputeChangedDockets(
  db: Database,
  registry: ModelRegistry,
  options: { now: () => Date; log?: (message: string, detail: Record<string, unknown>) => void },
): Promise<DocketRecomputeReport[]> {
  const reports: DocketRecomputeReport[] = [];
  for (const resolved of registry.docketed()) {
    const models = docketModels(registry, resolved.name);
    if (!models) continue;
    const print = currentPrint(models);
    const [recorded] = await db.query<{ fingerprint: string }>(
      'SELECT fingerprint FROM docket_print WHERE model = $1',
      [resolved.name],
    );
    if (recorded?.fingerprint === print) continue;
    const report: DocketRecomputeReport = {
      model: resolved.name,
      records: 0,
      counts: { inserted: 0, updated: 0, cancelled: 0 },
    };
    const tenants = await db.query<{ tenant_sid: string }>(`SELECT DISTINCT tenant_sid FROM ${resolved.table}`);
    for (const { tenant_sid: tenantSid } of tenants) {
      const tenant = { records: 0, inserted: 0, updated: 0, cancelled: 0 };
      let after = '';
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const rows = await tx.query<{ sid: string }>(
            `SELECT sid FROM ${resolved.table} WHERE tenant_sid = $1 AND sid > $2 ORDER BY sid LIMIT ${BATCH}`,
            [tenantSid, after],
          );
          if (rows.length === 0) return true;
          const counts = await syncDocket(
            tx,
            models,
            rows.map((r) => r.sid),
            { tenantSid, now: options.now(), actorSid: null, calendars: await tenantCalendars(tx, tenantSid) },
          );
          after = rows[rows.length - 1]!.sid;
          tenant.records += rows.length;
          tenant.inserted += counts.inserted;
          tenant.updated += counts.updated;
          tenant.cancelled += counts.cancelled;
          return rows.length < BATCH;
        });
        if (done) break;
      }
      await audit(db, {
        tenantSid,
        actorSid: null,
        action: 'docket.recomputed',
        target: resolved.name,
        detail: { model: resolved.name, rules_fingerprint: print, ...tenant },
        at: options.now(),
      });
      report.records += tenant.records;
      report.counts.inserted += tenant.inserted;
      report.counts.updated += tenant.updated;
      report.counts.cancelled += tenant.cancelled;
    }
    await db.query(
      `INSERT INTO docket_print (model, fingerprint, recorded_at) VALUES ($1, $2, $3)
       ON CONFLICT (model) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, recorded_at = EXCLUDED.recorded_at`,
      [resolved.name, print, options.now()],
    );
    options.log?.('docketed deadlines recomputed after a rules change', { ...report });
    reports.push(report);
  }
  return reports;
}
