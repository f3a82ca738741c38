import { afterEach, describe, expect, it } from 'vitest';
import type { ModelSchema, SchemaField } from '../api/model';
import { clearSession } from '../session/storage';
import {
  SCHEMA_SESSION_KEY,
  applySessionSchema,
  readSchemaStore,
  sessionSchema,
  type SchemaSessionStore,
} from './schema-session';

function schema(names: string[], version = 1, name = 'patent'): ModelSchema {
  return {
    name,
    label: name,
    title_field: 'title',
    version,
    fields: names.map((field) => ({ name: field, label: field }) as unknown as SchemaField),
  };
}

const names = (s: ModelSchema) => s.fields.map((field) => field.name);

describe('schema per session (custom fields appear after signing in again)', () => {
  afterEach(() => localStorage.clear());

  it('remembers the fields of the first answer of a session', () => {
    const first = applySessionSchema(undefined, 100, schema(['title', 'sn']));
    expect(names(first.schema)).toEqual(['title', 'sn']);
    expect(first.store).toEqual({ loginTime: 100, models: { patent: { version: 1, fields: ['title', 'sn'] } } });
  });

  it('hides fields published later in the same session, keeping the rest of the fresh answer', () => {
    const { store } = applySessionSchema(undefined, 100, schema(['title', 'sn']));
    const fresh = schema(['title', 'sn', 'grant_no'], 2);
    fresh.fields[0] = { ...fresh.fields[0], label: 'Title' } as SchemaField;
    const later = applySessionSchema(store, 100, fresh);
    expect(names(later.schema)).toEqual(['title', 'sn']);
    expect(later.schema.version).toBe(1);
    expect(later.schema.fields[0]?.label).toBe('Title');
    expect(later.store).toBe(store);
  });

  it('shows them after a new sign-in (another login time)', () => {
    const { store } = applySessionSchema(undefined, 100, schema(['title', 'sn']));
    const next = applySessionSchema(store, 200, schema(['title', 'sn', 'grant_no'], 2));
    expect(names(next.schema)).toEqual(['title', 'sn', 'grant_no']);
    expect(next.store).toEqual({
      loginTime: 200,
      models: { patent: { version: 2, fields: ['title', 'sn', 'grant_no'] } },
    });
  });

  it('keeps each model apart', () => {
    const { store } = applySessionSchema(undefined, 100, schema(['title']));
    const other = applySessionSchema(store, 100, schema(['name', 'extra'], 3, 'project'));
    expect(names(other.schema)).toEqual(['name', 'extra']);
    expect(Object.keys(other.store.models).sort()).toEqual(['patent', 'project']);
  });

  it('survives a reload through localStorage, and logout removes it', () => {
    expect(names(sessionSchema(schema(['title']), 100))).toEqual(['title']);
    expect(readSchemaStore(localStorage)?.loginTime).toBe(100);
    // A reload of the same session: the stored snapshot still applies.
    expect(names(sessionSchema(schema(['title', 'grant_no'], 2), 100))).toEqual(['title']);
    clearSession(localStorage);
    expect(localStorage.getItem(SCHEMA_SESSION_KEY)).toBeNull();
  });

  it('ignores a damaged store', () => {
    localStorage.setItem(SCHEMA_SESSION_KEY, '{not json');
    expect(readSchemaStore(localStorage)).toBeUndefined();
    localStorage.setItem(SCHEMA_SESSION_KEY, JSON.stringify({ loginTime: 'x' } as unknown as SchemaSessionStore));
    expect(readSchemaStore(localStorage)).toBeUndefined();
  });
});
