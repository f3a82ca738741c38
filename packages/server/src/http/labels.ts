// Field labels for validation messages. A route schema marks a field with an i18n key; the error
// handler finds the failing field's label by walking the schema along the path.
import { normaliseTimestamp, type MessageKey } from '@ipdesk/core';
import { z } from 'zod';

export const fieldLabels = z.registry<{ label: MessageKey }>();

/** Marks a schema with the i18n key of its label, e.g. labelled(z.string(), 'field.language'). */
export function labelled<T extends z.ZodType>(schema: T, label: MessageKey): T {
  fieldLabels.add(schema, { label });
  return schema;
}

type Def = {
  type?: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The wrappers (optional, nullable, default, …) from the outside in, ending at the structural type. */
function layers(schema: z.ZodType): z.ZodType[] {
  const out = [schema];
  for (let def = defOf(schema); def.innerType && out.length < 10; def = defOf(def.innerType)) out.push(def.innerType);
  return out;
}

/** The label key of the field at path inside schema, if the route declared one. */
export function labelAt(schema: unknown, path: readonly PropertyKey[]): MessageKey | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    const structural: z.ZodType | undefined = current ? layers(current).at(-1) : undefined;
    if (!structural) return undefined;
    const def = defOf(structural);
    if (def.type === 'object' && typeof key === 'string') current = def.shape?.[key];
    else if (def.type === 'array') current = def.element;
    else if (def.type === 'record') current = def.valueType;
    else return undefined;
  }
  if (!current) return undefined;
  for (const layer of layers(current)) {
    const meta = fieldLabels.get(layer);
    if (meta) return meta.label;
  }
  return undefined;
}

/**
 * The `updated_at` a settings answer carried, sent back with a save (optimistic concurrency,
 * db/setting-version.ts): an ISO time, or null when nothing had been saved yet.
 */
export const settingReadAt = labelled(
  z.iso
    .datetime({ offset: true })
    // Year 0000 has the ISO shape but no timestamptz: the one date parser refuses it (a 400, not a 500).
    .refine((text) => normaliseTimestamp(text) !== undefined, { error: 'validation.notATime' })
    .nullable(),
  'field.updatedAt',
);
