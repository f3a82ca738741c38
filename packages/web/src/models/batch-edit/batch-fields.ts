// Which fields a batch edit offers the caller (docs/models.md "Batch edit"): those the declaration flags
// `batchEdit` that the caller may write on update — not read-only for them, not masked, not a file list.
// The server refuses the others (400451, 403450); the list offers the dialog only when there is one.
import type { ModelSchema, SchemaField } from '../../api/model';
import { abilitiesOf, isWritable } from '../schema';

export function batchEditableFields(schema: ModelSchema): SchemaField[] {
  if (!abilitiesOf(schema).update) return [];
  return schema.fields.filter(
    (field) => field.flags.batchEdit && !field.system && field.data_type !== 'file' && isWritable(field, 'update'),
  );
}

/** How far a batch has come: the records handled (any outcome but pending) of its total, as a percentage. */
export function batchPercent(batch: { total: number; counts: { pending: number } }): number {
  if (batch.total === 0) return 100;
  return Math.floor(((batch.total - batch.counts.pending) / batch.total) * 100);
}
