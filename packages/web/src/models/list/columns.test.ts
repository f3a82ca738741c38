import { describe, expect, it } from 'vitest';
import { TABLE_COLUMNS_MAX } from '@ipdesk/core';
import type { ModelSchema, SchemaField } from '../../api/model';
import { checkColumns, defaultColumns, moveColumn, resolveColumns, toggleColumn } from './columns';

function schemaWith(names: string[], shown: string[]): ModelSchema {
  return {
    name: 'patent',
    label: '专利',
    title_field: names[0] ?? 'title',
    fields: names.map(
      (name) => ({ name, label: name, flags: { tableColumn: shown.includes(name) } }) as unknown as SchemaField,
    ),
  };
}

const many = Array.from({ length: 30 }, (_, i) => `f${i}`);
const schema = schemaWith(['title', 'sn', 'status', ...many], ['title', 'status']);

describe('columns of the list (spec §5: up to 20)', () => {
  it('shows the tableColumn fields by default, else the title field', () => {
    expect(defaultColumns(schema)).toEqual(['title', 'status']);
    expect(defaultColumns(schemaWith(['name', 'code'], []))).toEqual(['name']);
  });

  it('uses the saved choice in its order, dropping unknown and repeated names', () => {
    expect(resolveColumns(schema, ['sn', 'gone', 'title', 'sn'])).toEqual(['sn', 'title']);
  });

  it('falls back to the defaults when nothing usable is saved', () => {
    expect(resolveColumns(schema, null)).toEqual(['title', 'status']);
    expect(resolveColumns(schema, [])).toEqual(['title', 'status']);
    expect(resolveColumns(schema, ['gone'])).toEqual(['title', 'status']);
  });

  it('never shows more than 20 saved columns', () => {
    expect(resolveColumns(schema, many)).toHaveLength(TABLE_COLUMNS_MAX);
  });

  it('adds a column at the end and removes one', () => {
    expect(toggleColumn(['title'], 'sn', true)).toEqual({ ok: true, columns: ['title', 'sn'] });
    expect(toggleColumn(['title', 'sn'], 'sn', true)).toEqual({ ok: true, columns: ['title', 'sn'] });
    expect(toggleColumn(['title', 'sn'], 'title', false)).toEqual({ ok: true, columns: ['sn'] });
  });

  it('refuses a 21st column instead of dropping another', () => {
    const twenty = many.slice(0, 20);
    expect(toggleColumn(twenty, 'title', true)).toEqual({ ok: false, error: 'tooMany', max: 20 });
    expect(toggleColumn(many.slice(0, 19), 'title', true)).toMatchObject({ ok: true });
    expect(toggleColumn(twenty, 'f0', false)).toMatchObject({ ok: true });
    expect(checkColumns(many.slice(0, 21))).toEqual({ ok: false, error: 'tooMany', max: 20 });
    expect(checkColumns(twenty)).toEqual({ ok: true, columns: twenty });
  });

  it('moves a column up or down, not past either end', () => {
    expect(moveColumn(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
