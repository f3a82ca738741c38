// A case's whole fee schedule as the rules give it (every year up to the term, past ones included),
// each line beside its stored fee record (status, payment, decision); hand-made fees follow.
import {
  FEE_PACKS,
  feeModel,
  feeSchedule,
  localizeFeeRow,
  pickFeePack,
  tableOf,
  termEnd,
  type Language,
  labelIn,
  type Label,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { feeKey } from './compute.js';
import { caseFacts, loadFacts } from './facts.js';

type StoredFee = {
  sid: string;
  version: number;
  title: string;
  fee_code: string | null;
  fee_rule: string | null;
  patent_year: number | null;
  due_date: string;
  amount: number | null;
  currency: string | null;
  status: string;
  decision: string | null;
  paid_date: string | null;
  paid_amount: number | null;
  surcharge: number | null;
  origin: string | null;
};

export async function caseFeeSchedule(
  db: Queryable,
  tenantSid: string,
  record: Record<string, unknown>,
  language: Language,
) {
  const pick = (label: Label) => labelIn(label, language);
  const [loaded] = await loadFacts(db, tenantSid, [String(record.sid)]);
  const facts = loaded ? caseFacts(loaded.row, loaded.items) : undefined;
  const rows = await db.query<StoredFee>(
    `SELECT sid, version, title, fee_code, fee_rule, patent_year, due_date, amount, currency, status, decision, paid_date,
            paid_amount, surcharge, origin
       FROM ${tableOf(feeModel)} WHERE tenant_sid = $1 AND patent = $2 ORDER BY due_date, sid`,
    [tenantSid, String(record.sid)],
  );
  // Generated fees titled in the reader's language (their stored title holds both: titles.ts).
  const stored = rows.map((f) => ({ ...f, ...localizeFeeRow(f, language) }));
  const byKey = new Map(
    stored.filter((f) => f.origin === 'rule' && f.fee_code).map((f) => [feeKey(f.fee_code!, Number(f.patent_year)), f]),
  );
  const pack = facts ? pickFeePack(FEE_PACKS, facts.office) : undefined;
  const claimCount = typeof record.claim_count === 'number' ? record.claim_count : undefined;
  const scheduled = facts && pack ? feeSchedule(facts, pack, { claimCount }) : [];
  const lines = scheduled.map((fee) => {
    const key = feeKey(fee.feeCode, fee.patentYear);
    const own = byKey.get(key);
    byKey.delete(key);
    return {
      key,
      fee_code: fee.feeCode,
      patent_year: fee.patentYear,
      label: pick(fee.label).replace('{n}', String(fee.patentYear)),
      due_date: fee.dueDate,
      window_opens: fee.windowOpens ?? null,
      grace_ends: fee.graceEnds,
      base_amount: fee.baseAmount,
      reduction_rate: fee.reductionRate,
      amount: fee.amount,
      currency: fee.currency,
      surcharges: fee.surcharges,
      source: fee.source,
      record: own ?? null,
    };
  });
  // Hand-made fees, and rule fees no longer in the schedule (paid before the case changed, say).
  const others = stored.filter(
    (f) => f.origin !== 'rule' || !f.fee_code || byKey.has(feeKey(f.fee_code, Number(f.patent_year))),
  );
  return {
    office: facts?.office ?? null,
    pack_version: pack?.version ?? null,
    currency: pack?.currency ?? null,
    term_end: facts ? (termEnd(facts) ?? null) : null,
    lines,
    other_fees: others,
  };
}
