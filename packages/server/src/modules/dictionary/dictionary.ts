// A tenant's dictionaries: the built-in options of core plus the tenant's own, where a tenant may
// relabel or disable an option but never delete one once saved (spec §5).
import { AppError, BUILT_IN_DICTIONARIES, DICTIONARY_KEY_PATTERN, type Label } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import type { RequestContext } from '../../platform/context.js';

export interface OptionView {
  key: string;
  labels: Label;
  parent_key: string | null;
  disabled: boolean;
  built_in: boolean;
  sort_by: number;
}

const builtIn = new Map(BUILT_IN_DICTIONARIES.map((d) => [d.name, d]));

export function isKnownDictionary(name: string): boolean {
  return builtIn.has(name);
}

export async function dictionaryOptions(db: Queryable, tenantSid: string, name: string): Promise<OptionView[]> {
  const own = await db.query<{
    key: string;
    label_zh: string;
    label_en: string;
    parent_key: string | null;
    disabled: boolean;
    sort_by: number;
  }>(
    'SELECT key, label_zh, label_en, parent_key, disabled, sort_by FROM dictionary_option WHERE tenant_sid = $1 AND dictionary = $2',
    [tenantSid, name],
  );
  const byKey = new Map(own.map((o) => [o.key, o]));
  const options: OptionView[] = (builtIn.get(name)?.options ?? []).map((option, index) => {
    const override = byKey.get(option.key);
    byKey.delete(option.key);
    return {
      key: option.key,
      labels: override ? { zh: override.label_zh, en: override.label_en } : option.label,
      parent_key: override?.parent_key ?? null,
      disabled: override?.disabled ?? false,
      built_in: true,
      sort_by: override?.sort_by ?? index,
    };
  });
  for (const o of byKey.values()) {
    options.push({
      key: o.key,
      labels: { zh: o.label_zh, en: o.label_en },
      parent_key: o.parent_key,
      disabled: o.disabled,
      built_in: false,
      sort_by: o.sort_by,
    });
  }
  return options.sort((a, b) => a.sort_by - b.sort_by || a.key.localeCompare(b.key));
}

/** The keys a new value may take, per dictionary: enabled options only. */
export async function enabledKeys(
  db: Queryable,
  tenantSid: string,
  names: readonly string[],
): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>();
  for (const name of new Set(names)) {
    const options = await dictionaryOptions(db, tenantSid, name);
    result.set(name, new Set(options.filter((o) => !o.disabled).map((o) => o.key)));
  }
  return result;
}

export interface OptionInput {
  key: string;
  label_zh: string;
  label_en: string;
  parent_key?: string | null;
  disabled?: boolean;
  sort_by?: number;
}

/** Adds or changes options; options missing from the input stay as they are (never deleted). */
export async function saveOptions(
  db: Database,
  ctx: Pick<RequestContext, 'tenantSid' | 'now'>,
  input: { dictionary: string; options: readonly OptionInput[] },
): Promise<void> {
  const { dictionary, options } = input;
  for (const option of options) {
    if (!DICTIONARY_KEY_PATTERN.test(option.key)) {
      throw new AppError('fieldRule', {
        issues: [{ field: 'key', labelKey: 'field.dictionaryKey', messageKey: 'validation.dictionaryKey' }],
      });
    }
  }
  await db.transaction(async (tx) => {
    for (const o of options) {
      await tx.query(
        `INSERT INTO dictionary_option (tenant_sid, dictionary, key, parent_key, label_zh, label_en, disabled, sort_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (tenant_sid, dictionary, key) DO UPDATE SET parent_key = EXCLUDED.parent_key, label_zh = EXCLUDED.label_zh,
           label_en = EXCLUDED.label_en, disabled = EXCLUDED.disabled, sort_by = EXCLUDED.sort_by, updated_at = EXCLUDED.updated_at`,
        [
          ctx.tenantSid,
          dictionary,
          o.key,
          o.parent_key ?? null,
          o.label_zh,
          o.label_en,
          o.disabled ?? false,
          o.sort_by ?? 0,
          ctx.now,
        ],
      );
    }
  });
}
