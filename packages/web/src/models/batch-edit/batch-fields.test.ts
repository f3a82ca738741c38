import { describe, expect, it } from 'vitest';
import { modelSchema, schemaField, systemField } from '../../testing/schema-fixtures';
import { batchEditableFields, batchPercent } from './batch-fields';

const editable = { flags: { batchEdit: true } };

describe('batch-editable fields', () => {
  const schema = modelSchema({
    fields: [
      systemField('sid', 'ID', editable),
      schemaField('title', 'Title'),
      schemaField('agency', 'Agency', { ...editable, kind: 'agency', data_type: 'key', target: 'agency' }),
      schemaField('ip_manager', 'IP manager', { ...editable, kind: 'user', data_type: 'key' }),
      schemaField('agent', 'Agent', { ...editable, read_only: true }),
      schemaField('phone', 'Phone', { ...editable, masked: true }),
      schemaField('figures', 'Figures', { ...editable, kind: 'figure', data_type: 'file' }),
    ],
    abilities: { create: true, update: true, delete: true, import: true, export: true },
  });

  it('offers the flagged fields the caller may write, nothing else', () => {
    expect(batchEditableFields(schema).map((field) => field.name)).toEqual(['agency', 'ip_manager']);
  });

  it('offers none to a caller who may not update', () => {
    expect(batchEditableFields({ ...schema, abilities: { ...schema.abilities!, update: false } })).toEqual([]);
  });

  it('counts every outcome but pending as handled', () => {
    const counts = { pending: 7, done: 2, unchanged: 0, failed: 1, skipped: 0 };
    expect(batchPercent({ total: 10, counts })).toBe(30);
    expect(batchPercent({ total: 3, counts: { ...counts, pending: 1 } })).toBe(66);
    expect(batchPercent({ total: 0, counts: { ...counts, pending: 0 } })).toBe(100);
  });
});
