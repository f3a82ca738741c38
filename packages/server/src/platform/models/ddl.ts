// Tables from declarations: each model gets its table, columns and indexes, created or extended at
// start (additive only: a column removed from a declaration stays in the database until a
// hand-written migration drops it). A hash of the declaration skips the work when nothing changed.
import { createHash } from 'node:crypto';
import { moneyCurrencyColumn, type DataType } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import type { ModelRegistry, ResolvedField, ResolvedModel } from './registry.js';

const COLUMN_TYPE: Record<DataType, string> = {
  string: 'text',
  text: 'text',
  integer: 'bigint',
  decimal: 'numeric',
  // The amount; the currency code is a column of its own beside it (moneyCurrencyColumn).
  money: 'numeric',
  date: 'date',
  timestamp: 'timestamptz',
  boolean: 'boolean',
  key: 'text',
  ref: 'text',
  file: 'text',
};

function columnType(field: ResolvedField): string {
  return `${COLUMN_TYPE[field.dataType]}${field.multiple ? '[]' : ''}`;
}

/** Pending list of the keyword indexes of bulk-written models (the default is 4 MB). */
export const BULK_PENDING_LIST_KB = 65_536;

export function modelDdl(model: ResolvedModel): string[] {
  const t = model.table;
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${t} (
      sid text PRIMARY KEY,
      tenant_sid text NOT NULL REFERENCES tenant(sid),
      company_sid text,
      created_at timestamptz NOT NULL,
      created_by text,
      updated_at timestamptz NOT NULL,
      updated_by text,
      version integer NOT NULL DEFAULT 1,
      custom jsonb NOT NULL DEFAULT '{}'::jsonb
    )`,
    // Default order (updated_at DESC) and keyset paging walk this index.
    `CREATE INDEX IF NOT EXISTS ${t}_recent_idx ON ${t} (tenant_sid, updated_at DESC, sid DESC)`,
    `CREATE INDEX IF NOT EXISTS ${t}_custom_idx ON ${t} USING gin (custom jsonb_path_ops)`,
  ];
  for (const field of model.fields.values()) {
    if (field.system) continue;
    const name = field.name;
    statements.push(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${name} ${columnType(field)}`);
    if (field.dataType === 'money')
      statements.push(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${moneyCurrencyColumn(name)} char(3)`);
    const flags = field.declaration?.flags;
    if (field.declaration?.unique) {
      statements.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${t}_${name}_unique ON ${t} (tenant_sid, lower(${name}))`);
    } else if (field.multiple && flags?.searchFilter) {
      statements.push(`CREATE INDEX IF NOT EXISTS ${t}_${name}_gin ON ${t} USING gin (${name})`);
    } else if (flags?.searchFilter) {
      // Filters and sorts: one index serves equality, ranges and both sort directions (search.ts).
      statements.push(
        `CREATE INDEX IF NOT EXISTS ${t}_${name}_sort ON ${t} (tenant_sid, ${name} DESC NULLS LAST, sid DESC)`,
      );
    }
    if (flags?.keyword && !field.multiple) {
      // Substring search (CONTAINS, MATCH) of three characters or more uses the trigram index.
      statements.push(`CREATE INDEX IF NOT EXISTS ${t}_${name}_trgm ON ${t} USING gin (${name} gin_trgm_ops)`);
      // Two-character and CJK terms use the bigram index (migration 0004).
      statements.push(`CREATE INDEX IF NOT EXISTS ${t}_${name}_bigram ON ${t} USING gin (ipdesk_bigrams(${name}))`);
      // ALTER, not WITH on CREATE: tables made before the declaration said so get it too.
      if (model.declaration.bulkWritten)
        for (const index of [`${t}_${name}_trgm`, `${t}_${name}_bigram`])
          statements.push(`ALTER INDEX ${index} SET (gin_pending_list_limit = ${BULK_PENDING_LIST_KB})`);
    }
  }
  for (const combination of model.declaration.filterIndexes ?? []) {
    // Index names are at most 63 characters: a short hash of the combination keeps them unique.
    const id = createHash('sha256').update(combination.join(',')).digest('hex').slice(0, 8);
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${t.slice(0, 40)}_f${id} ON ${t} (tenant_sid, ${combination.join(', ')}, sid)`,
    );
  }
  return statements;
}

const LOCK_KEY = 74_013_002;

export async function syncModelTables(db: Database, registry: ModelRegistry): Promise<string[]> {
  return db.transaction(async (tx: Queryable) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const known = new Map(
      (await tx.query<{ name: string; hash: string }>('SELECT name, hash FROM model_schema')).map((r) => [
        r.name,
        r.hash,
      ]),
    );
    const changed: string[] = [];
    for (const model of registry.all()) {
      const statements = modelDdl(model);
      const hash = createHash('sha256').update(statements.join(';\n')).digest('hex');
      if (known.get(model.name) === hash) continue;
      for (const statement of statements) await tx.exec(statement);
      await tx.query(
        'INSERT INTO model_schema (name, hash) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET hash = EXCLUDED.hash, synced_at = now()',
        [model.name, hash],
      );
      changed.push(model.name);
    }
    return changed;
  });
}
