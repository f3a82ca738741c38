// Values for a record of any declared model, generated from its declaration: every field the builder can
// fill gets a valid value of its kind (within its length, range, scale, format and dictionary), and
// references point at the records the caller names by target. Tests then cover a model by its
// declaration alone (src/platform/models/contract.test.ts) instead of writing fixtures per model.
//
// What the builder reads rather than special-casing names:
// - managed fields (set only by the model's own actions) are left out;
// - an option field's declared default value is used before the dictionary's first option (a fee's
//   status 'unpaid': the first options of some dictionaries would start a hook's side effects);
// - the model's rules across fields (`validate`) are run on the values, and an optional field they refuse
//   is left out (a patent's application number, which must fit its office's format and check digit; a
//   person's ID number, which must fit its type) — a required one throws, naming the rule to satisfy;
// - the model's `normalize` gives the stored form the server will answer with (expectedStored).
//
// Remaining special cases, none today: a required field whose value only a rule across fields accepts
// would need a value here (the thrown error says which).
import {
  BUILT_IN_DICTIONARIES,
  dataTypeOf,
  type Dictionary,
  type FieldDeclaration,
  type ModelDeclaration,
} from '@ipdesk/core';

export interface RecordValueSources {
  /**
   * A sid per reference target (a declared model's name, or a system target: user_info, company,
   * organization) for fields that point at one. A field whose target is missing is left out when optional.
   */
  refs: Readonly<Record<string, string>>;
  /**
   * Letters and digits that make this record's text (and unique values) its own, so a search for the tag
   * finds only this record. Short: it goes first in every text, before the field's name.
   */
  tag: string;
  /** The option lists (the built-in ones unless given). */
  dictionaries?: readonly Dictionary[];
}

/** Why the builder cannot make a record of a model: a required field it has no value for. */
export class RecordValueError extends Error {}

// A date and an instant fixed for repeatable tests; no declared rule compares them with today.
const SAMPLE_DATE = '2026-03-16';
const SAMPLE_INSTANT = '2026-03-16T08:30:00.000Z';

function sampleText(name: string, declared: FieldDeclaration, tag: string): string {
  const max = declared.maxLength ?? 255;
  switch (declared.format) {
    case 'email':
      return `${tag}.${name.replaceAll('_', '')}@example.com`.slice(-max);
    case 'mobile':
      // 1 and ten digits; the tag's digits are not enough to keep it unique, nor need they be.
      return `139${String(parseInt(tag, 36) % 1e8).padStart(8, '0')}`;
    case 'accountName':
      return `${tag}_${name}`.slice(0, Math.min(max, 50));
    case undefined: {
      const text = `${tag} ${name.replaceAll('_', ' ')}`.slice(0, max).trim();
      return text.padEnd(declared.minLength ?? 0, 'x');
    }
  }
}

function sampleNumber(declared: FieldDeclaration): number {
  const low = declared.min ?? 0;
  const high = declared.max ?? low + 1000;
  const digits = declared.scale ?? 2;
  const value = low + Math.min(12.5, (high - low) / 2);
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  return Math.min(Math.max(rounded, low), high);
}

function sampleKey(declared: FieldDeclaration, dictionaries: readonly Dictionary[]): string | undefined {
  if (typeof declared.defaultValue === 'string') return declared.defaultValue;
  return dictionaries.find((d) => d.name === declared.dictionary)?.options[0]?.key;
}

/** A valid value of the field, or undefined when the builder has none (a missing target, a file). */
export function sampleValue(name: string, declared: FieldDeclaration, sources: RecordValueSources): unknown {
  const one = (): unknown => {
    switch (dataTypeOf(declared)) {
      case 'string':
      case 'text':
        return sampleText(name, declared, sources.tag);
      case 'integer':
      case 'decimal':
        return sampleNumber(declared);
      case 'date':
        return SAMPLE_DATE;
      case 'timestamp':
        return SAMPLE_INSTANT;
      case 'boolean':
        return true;
      case 'money':
        // An amount with its currency (currencyAmount), as the server answers it.
        return { amount: '12.50', currency: 'CNY' };
      case 'key':
        return sampleKey(declared, sources.dictionaries ?? BUILT_IN_DICTIONARIES);
      case 'ref':
        return declared.target ? sources.refs[declared.target] : undefined;
      case 'file':
        // A file field holds stored files' sids: a test that needs one uploads it first.
        return undefined;
    }
  };
  const value = one();
  if (value === undefined) return undefined;
  return declared.multiple ? [value] : value;
}

/** The reference targets a model's fields point at (the sources a full record needs), required first. */
export function referenceTargets(model: ModelDeclaration): { required: string[]; optional: string[] } {
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const declared of Object.values(model.fields)) {
    if (declared.managed || dataTypeOf(declared) !== 'ref' || !declared.target) continue;
    (declared.required ? required : optional).add(declared.target);
  }
  for (const target of required) optional.delete(target);
  return { required: [...required], optional: [...optional] };
}

/**
 * Values for a new record of the model: every field that is not managed and has a sample value, minus the
 * optional fields the model's rules across fields refuse. Throws RecordValueError for a required field
 * without one.
 */
export function recordValues(model: ModelDeclaration, sources: RecordValueSources): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, declared] of Object.entries(model.fields)) {
    if (declared.managed) continue;
    const value = sampleValue(name, declared, sources);
    if (value !== undefined) values[name] = value;
    else if (declared.required)
      throw new RecordValueError(`${model.name}.${name}: no sample value for a required ${declared.kind} field`);
  }
  // The rules run on the stored form, as on the server.
  for (let round = 0; model.validate && round < Object.keys(model.fields).length; round++) {
    const issues = model.validate(expectedStored(model, values));
    if (!issues.length) break;
    for (const issue of issues) {
      if (model.fields[issue.field]?.required || !(issue.field in values))
        throw new RecordValueError(
          `${model.name}.${issue.field}: the model's rule refuses the sample values (${issue.messageKey})`,
        );
      delete values[issue.field];
    }
  }
  return values;
}

/** The values as the server stores and answers them: the model's normalisation applied. */
export function expectedStored(model: ModelDeclaration, values: Readonly<Record<string, unknown>>) {
  return { ...values, ...model.normalize?.(values) };
}

/** A text field whose sample value carries the tag and that iql can test with CONTAINS: the title when it is one. */
export function searchableTextField(model: ModelDeclaration): string {
  const candidates = [model.titleField, ...Object.keys(model.fields)];
  const found = candidates.find((name) => {
    const declared = model.fields[name];
    return declared && !declared.managed && !declared.multiple && !declared.format && dataTypeOf(declared) === 'string';
  });
  if (!found) throw new RecordValueError(`${model.name}: no plain text field to search by`);
  return found;
}
