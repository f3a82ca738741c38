// While a process is open on a record, the server lets the caller change only the fields the current step
// grants them (docs/api/workflow.md, 403706 otherwise). The edit form reads the same answer the approval
// panel does and shows the other fields read-only, so the user is not invited to edits that would be refused.
import { useQuery } from '@tanstack/react-query';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchRecordProcess, type RecordProcess } from '../../../api/workflow-runs';
import { runKeys } from '../run-queries';

export type FieldLock = RecordProcess['field_lock'];

/** Whether the open process keeps this field from the caller. */
export function lockedByProcess(lock: FieldLock | undefined, fieldName: string): boolean {
  return lock !== undefined && lock.locked && !lock.editable_fields.includes(fieldName);
}

/**
 * The record's field lock, for an edit form (no record: nothing to read). Undefined until read, or when it
 * could not be: the form then lets the server decide.
 */
export function useFieldLock(
  model: string,
  recordSid: string | undefined,
  subCompanySid?: string,
): FieldLock | undefined {
  const query = useQuery({
    queryKey: runKeys.record(model, recordSid ?? ''),
    queryFn: () => fetchRecordProcess(model, recordSid ?? '', { subCompanySid }),
    enabled: recordSid !== undefined,
  });
  return query.data?.result === RESULT_CODES.success ? query.data.data.data.field_lock : undefined;
}
