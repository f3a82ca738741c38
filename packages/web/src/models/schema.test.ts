// The permission-aware reading of a schema: the caller's abilities, which fields a form may write, and
// which ones a search may filter or sort on (masked values may not be probed).
import { describe, expect, it } from 'vitest';
import type { ModelSchema, SchemaField } from '../api/model';
import { fieldMaker, systemField, type FieldExtra } from '../testing/schema-fixtures';
import {
  abilitiesOf,
  batchSearchFields,
  isSortable,
  isWritable,
  queryableFields,
  searchFilterFields,
  timeRangeFields,
} from './schema';

// Searches read these fields unless a field says otherwise.
const searchable = fieldMaker({ flags: { searchFilter: true } });
const field = (name: string, extra?: FieldExtra) => searchable(name, name, extra);

const schema: ModelSchema = {
  name: 'person',
  label: '人员',
  title_field: 'name',
  fields: [
    systemField('sid'),
    field('name'),
    field('mobile', { masked: true }),
    field('status', { kind: 'option', data_type: 'key', read_only: true }),
    field('hired_on', { kind: 'date', data_type: 'date' }),
    field('birthday', { kind: 'date', data_type: 'date', masked: true }),
  ],
};

describe('abilities', () => {
  it('are what the server says', () => {
    const abilities = { create: false, update: true, delete: false, import: false, export: true };
    expect(abilitiesOf({ ...schema, abilities })).toEqual(abilities);
  });

  it('allow everything when the answer has none (an older server decides itself)', () => {
    expect(abilitiesOf(schema)).toEqual({ create: true, update: true, delete: true, import: true, export: true });
  });
});

describe('fields by access', () => {
  const byName = (name: string) => schema.fields.find((f) => f.name === name) as SchemaField;

  it('read-only fields are never writable; masked ones only on create', () => {
    expect(isWritable(byName('name'), 'update')).toBe(true);
    expect(isWritable(byName('status'), 'create')).toBe(false);
    expect(isWritable(byName('status'), 'update')).toBe(false);
    expect(isWritable(byName('mobile'), 'create')).toBe(true);
    expect(isWritable(byName('mobile'), 'update')).toBe(false);
  });

  it('masked fields are not offered to searches or sorting', () => {
    expect(searchFilterFields(schema).map((f) => f.name)).not.toContain('mobile');
    expect(searchFilterFields(schema).map((f) => f.name)).toContain('status');
    expect(batchSearchFields(schema).map((f) => f.name)).toEqual(['sid', 'name', 'status', 'hired_on']);
    expect(timeRangeFields(schema).map((f) => f.name)).toEqual(['hired_on']);
    expect(queryableFields(schema).map((f) => f.name)).not.toContain('birthday');
    expect(isSortable(byName('name'))).toBe(true);
    expect(isSortable(byName('mobile'))).toBe(false);
  });
});
