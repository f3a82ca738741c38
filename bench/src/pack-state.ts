// At start the server recomputes, in the background, the cases of rule packs whose fingerprint changed since
// they were computed; a benchmark measuring meanwhile would measure both. Waits until the recorded prints match.
import { officeFingerprints } from '../../packages/server/dist/domains/patents/recompute.js';

/** Runs one statement and answers its rows (a pg client's, or the server's database layer). */
export type RunSql = (sql: string, params: string[]) => Promise<unknown[]>;

/** Resolves once every office pack's fingerprint is recorded for the tenant; the ms it waited. */
export async function untilPacksRecorded(read: RunSql, tenantSid: string): Promise<number> {
  const started = performance.now();
  const prints = officeFingerprints();
  for (;;) {
    const rows = (await read('SELECT pack, fingerprint FROM rule_pack_state WHERE tenant_sid = $1', [
      tenantSid,
    ])) as Array<{ pack: string; fingerprint: string }>;
    const stored = new Map(rows.map((r) => [r.pack, r.fingerprint]));
    if ([...prints].every(([pack, print]) => stored.get(pack) === print)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
