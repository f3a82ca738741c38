// One lifecycle action on one record, for a domain's own dialog (a deadline's "mark done", a fee's "pay"):
// the generic route answers a result per record, and a refusal of this record (its status, a stale
// version, a rule of the domain) is shown like a refused call, in the server's words.
import { RESULT_CODES, type ActionResult } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { runRecordAction, type ModelCallOptions } from '../../api/model';

export type OneActionOutcome =
  | { ok: true; result: Exclude<ActionResult, { outcome: 'refused' }> }
  | { ok: false; notice: VisibleNotice; code: number | undefined };

export async function runActionOnRecord(
  model: string,
  action: string,
  input: { sid: string; version?: number; comment?: string; values?: Record<string, unknown> },
  options: ModelCallOptions = {},
): Promise<OneActionOutcome> {
  const { sid, version, comment, values } = input;
  const outcome = await runRecordAction(
    model,
    action,
    {
      sids: [sid],
      ...(version !== undefined && { versions: { [sid]: version } }),
      ...(comment && { comment }),
      ...(values && { values }),
    },
    { silent: true, ...options },
  );
  if (outcome.result !== RESULT_CODES.success)
    return { ok: false, notice: inlineNotice(outcome.error), code: outcome.error.body?.code };
  const result = outcome.data.data.results.find((candidate) => candidate.sid === sid);
  if (!result) return { ok: false, notice: inlineNotice({ result: RESULT_CODES.unknown }), code: undefined };
  if (result.outcome === 'refused')
    return { ok: false, notice: { kind: 'server', text: result.message }, code: result.code };
  return { ok: true, result };
}
