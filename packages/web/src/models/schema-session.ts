// Custom fields take effect after signing in again (spec §5 "Publishing … takes effect after re-login"):
// the first schema answer of a session fixes which fields a model has for that session, and later answers
// (another language, a refetch, a reload) are cut down to those fields. Kept in localStorage under a
// system-setting key, which logout removes, and tied to the session's login time, so a new sign-in starts
// afresh. Definitions and dictionary options still come from the latest answer.
import type { ModelSchema } from '../api/model';
import { SYSTEM_SETTING_PREFIX } from '../session/storage';

export const SCHEMA_SESSION_KEY = `${SYSTEM_SETTING_PREFIX}.model-schema`;

export interface SchemaSnapshot {
  version: number | undefined;
  fields: string[];
}

/** What is stored: the session it belongs to and each model's fields. */
export interface SchemaSessionStore {
  loginTime: number;
  models: Record<string, SchemaSnapshot>;
}

/**
 * The schema to show in this session and the store to keep. A store of another session is dropped; a
 * model seen for the first time is remembered as it is now.
 */
export function applySessionSchema(
  stored: SchemaSessionStore | undefined,
  loginTime: number,
  schema: ModelSchema,
): { schema: ModelSchema; store: SchemaSessionStore } {
  const current = stored?.loginTime === loginTime ? stored : { loginTime, models: {} };
  const snapshot = current.models[schema.name];
  if (!snapshot) {
    const remembered = { version: schema.version, fields: schema.fields.map((field) => field.name) };
    return { schema, store: { ...current, models: { ...current.models, [schema.name]: remembered } } };
  }
  const known = new Set(snapshot.fields);
  const fields = schema.fields.filter((field) => known.has(field.name));
  return {
    schema: fields.length === schema.fields.length ? schema : { ...schema, version: snapshot.version, fields },
    store: current,
  };
}

export function readSchemaStore(storage: Storage): SchemaSessionStore | undefined {
  try {
    const raw = storage.getItem(SCHEMA_SESSION_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<SchemaSessionStore> | null;
    if (typeof parsed?.loginTime !== 'number' || typeof parsed.models !== 'object' || parsed.models === null)
      return undefined;
    return parsed as SchemaSessionStore;
  } catch {
    return undefined;
  }
}

// Where storage refuses writes, the page keeps the store in memory.
let inMemory: SchemaSessionStore | undefined;

export function writeSchemaStore(storage: Storage, store: SchemaSessionStore): void {
  inMemory = store;
  try {
    storage.setItem(SCHEMA_SESSION_KEY, JSON.stringify(store));
  } catch {
    // Kept in memory only.
  }
}

/** The schema of this session for a fresh answer (window.localStorage; loginTime 0 without one). */
export function sessionSchema(schema: ModelSchema, loginTime: number | undefined): ModelSchema {
  const storage = window.localStorage;
  const stored = readSchemaStore(storage) ?? inMemory;
  const result = applySessionSchema(stored, loginTime ?? 0, schema);
  if (result.store !== stored) writeSchemaStore(storage, result.store);
  return result.schema;
}
