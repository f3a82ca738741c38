// An internal expert reads as the user it is (spec §3 "expert"): on every save and import the user's name
// and English name are copied into the expert's name fields, so titles, pickers, iql (`expert.name`) and
// imports by name read one column whatever the kind of expert. A user renamed later is read again at the
// expert's next save.
import { col, expertModel, tableOf, type RowOf } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelRegistry } from '../../platform/models/registry.js';

type ExpertRow = RowOf<typeof expertModel>;
const NAME_MAX = expertModel.fields.name.maxLength ?? 100;
const NAME_EN_MAX = expertModel.fields.name_en.maxLength ?? 100;

interface UserNames {
  name: string | null;
  name_en: string | null;
}

/** The names of these users of the tenant, cut to the expert's limits. */
async function userNames(db: Queryable, tenantSid: string, sids: readonly string[]): Promise<Map<string, UserNames>> {
  if (sids.length === 0) return new Map();
  const rows = await db.query<{ sid: string; name: string | null; english_name: string | null }>(
    'SELECT sid, name, english_name FROM user_account WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
    [tenantSid, [...new Set(sids)]],
  );
  return new Map(
    rows.map((row) => [
      row.sid,
      { name: row.name?.slice(0, NAME_MAX) ?? null, name_en: row.english_name?.trim().slice(0, NAME_EN_MAX) || null },
    ]),
  );
}

const SET_NAMES = `UPDATE ${tableOf(expertModel)} SET ${col(expertModel, 'name')} = $3, ${col(expertModel, 'name_en')} = $4
  WHERE tenant_sid = $1 AND sid = $2`;

export function installExpertHooks(registry: ModelRegistry): void {
  if (!registry.get(expertModel.name)) return;
  registry.hooks.add(expertModel, {
    async afterWrite(tx, { principal, after }): Promise<ExpertRow | void> {
      if (after.expert_type !== 'internal' || !after.staff) return;
      const names = (await userNames(tx, principal.tenantSid, [after.staff])).get(after.staff);
      if (!names || (names.name === after.name && names.name_en === after.name_en)) return;
      await tx.query(SET_NAMES, [principal.tenantSid, after.sid, names.name, names.name_en]);
      return { ...after, ...names };
    },
    async beforeImport(tx, { principal, records }) {
      const internal = records.filter((r) => r.get('expert_type') === 'internal' && typeof r.get('staff') === 'string');
      const names = await userNames(
        tx,
        principal.tenantSid,
        internal.map((r) => r.get('staff') as string),
      );
      for (const record of internal) {
        const found = names.get(record.get('staff') as string);
        if (!found) continue;
        record.set('name', found.name);
        record.set('name_en', found.name_en);
      }
    },
  });
}
