// A model as one principal sees it (spec §6 field permissions and desensitisation): hidden fields are
// left out — so they cannot be read, filtered, sorted, exported or written, since every path works from
// the model's field map — read-only fields are marked, and sensitive fields are masked for roles
// without the right. Views are cached per model and access snapshot.
import { maskValue } from '@ipdesk/core';
import type { ResolvedField, ResolvedModel } from '../../platform/models/registry.js';
import type { Access } from './access.js';

const views = new WeakMap<ResolvedModel, WeakMap<Access, ResolvedModel>>();

export function viewFor(model: ResolvedModel, access: Access): ResolvedModel {
  if (access.admin) return model;
  let perAccess = views.get(model);
  if (!perAccess) {
    perAccess = new WeakMap();
    views.set(model, perAccess);
  }
  let view = perAccess.get(access);
  if (!view) {
    view = restrict(model, access);
    perAccess.set(access, view);
  }
  return view;
}

function restrict(model: ResolvedModel, access: Access): ResolvedModel {
  const rules = access.fieldRules(model.name);
  const masking = !access.showSensitive;
  if (rules.size === 0 && !(masking && [...model.fields.values()].some((f) => f.declaration?.sensitive))) return model;
  const fields = new Map<string, ResolvedField>();
  const hidden = new Set<string>();
  for (const [name, field] of model.fields) {
    const rule = field.system ? undefined : rules.get(name);
    if (rule === 'hidden') {
      hidden.add(name);
      continue;
    }
    const sensitive = masking ? field.declaration?.sensitive : undefined;
    fields.set(
      name,
      rule === 'read_only' || sensitive
        ? { ...field, readOnly: field.readOnly || rule === 'read_only', masked: sensitive }
        : field,
    );
  }
  return {
    ...model,
    fields,
    hidden,
    base: model,
    keywordFields: model.keywordFields.filter((f) => fields.has(f.name) && !fields.get(f.name)?.masked),
  };
}

/** Masks the sensitive values of rows read through a view (answers, exports, history). */
export function maskRows<T extends Record<string, unknown>>(model: ResolvedModel, rows: T[]): T[] {
  const masked = [...model.fields.values()].filter((f) => f.masked);
  if (masked.length === 0) return rows;
  for (const row of rows) {
    for (const field of masked)
      if (field.name in row) (row as Record<string, unknown>)[field.name] = maskValue(field.masked!, row[field.name]);
  }
  return rows;
}
