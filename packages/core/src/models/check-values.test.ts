import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { person } from './catalog/person.js';
import {
  checkFieldValue,
  checkRecord,
  checkValues,
  valueIssueLabel,
  valueIssueMessage,
  type FieldToCheck,
  type ValueRules,
  type ValuesModel,
} from './check-values.js';
import { defineModel, field } from './define.js';
import { KIND_SPECS } from './field-kinds.js';

const rules = (extra: Partial<ValueRules> & Pick<ValueRules, 'dataType'>): ValueRules => ({
  multiple: false,
  ...extra,
});
const problem = (check: ReturnType<typeof checkFieldValue>) => (check.ok ? undefined : [check.key, check.params]);

describe('checkFieldValue, kind by kind', () => {
  it('texts: trimmed, counted in characters, limits and formats', () => {
    expect(checkFieldValue(rules({ dataType: 'string', maxLength: 3 }), ' 😀😀😀 ')).toEqual({
      ok: true,
      value: '😀😀😀',
    });
    expect(problem(checkFieldValue(rules({ dataType: 'string', maxLength: 3 }), 'abcd'))).toEqual([
      'validation.tooBig.string',
      { maximum: 3 },
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'text', minLength: 2 }), 'a'))).toEqual([
      'validation.tooSmall.string',
      { minimum: 2 },
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'string', format: 'email' }), 'not-mail'))).toEqual([
      'validation.emailFormat',
      undefined,
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'string', format: 'mobile' }), '12345'))).toEqual([
      'validation.mobileFormat',
      undefined,
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'string' }), 12))).toEqual([
      'validation.invalidType',
      { expected: 'string' },
    ]);
  });

  it('numbers: type, range, scale', () => {
    expect(problem(checkFieldValue(rules({ dataType: 'integer' }), 1.5))).toEqual([
      'validation.invalidType',
      { expected: 'integer' },
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'integer', min: 1 }), 0))).toEqual([
      'validation.tooSmall.number',
      { minimum: 1 },
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'decimal', max: 10 }), 10.5))).toEqual([
      'validation.tooBig.number',
      { maximum: 10 },
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'decimal', scale: 2 }), 1.234))).toEqual([
      'validation.invalidFormat',
      undefined,
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'decimal' }), Number.NaN))).toEqual([
      'validation.invalidType',
      { expected: 'number' },
    ]);
    expect(checkFieldValue(rules({ dataType: 'decimal', scale: 2 }), 1.23)).toEqual({ ok: true, value: 1.23 });
  });

  it('dates and times through the one date parser: impossible ones refused', () => {
    expect(checkFieldValue(rules({ dataType: 'date' }), '2024-02-29').ok).toBe(true);
    for (const bad of ['2025-02-30', '0000-01-01', '2024-1-1', 20240101])
      expect(problem(checkFieldValue(rules({ dataType: 'date' }), bad)), String(bad)).toEqual([
        'validation.notADate',
        undefined,
      ]);
    expect(checkFieldValue(rules({ dataType: 'timestamp' }), '2024-01-31 08:00')).toEqual({
      ok: true,
      value: '2024-01-31T08:00:00.000Z',
    });
    expect(problem(checkFieldValue(rules({ dataType: 'timestamp' }), '2024-01-01T24:61:00Z'))).toEqual([
      'validation.notATime',
      undefined,
    ]);
  });

  it('booleans, option keys, references and files', () => {
    expect(problem(checkFieldValue(rules({ dataType: 'boolean' }), 'yes'))).toEqual([
      'validation.invalidType',
      { expected: 'boolean' },
    ]);
    const options = new Set(['a', 'b']);
    expect(checkFieldValue(rules({ dataType: 'key', options }), 'a').ok).toBe(true);
    expect(problem(checkFieldValue(rules({ dataType: 'key', options }), 'c'))).toEqual([
      'validation.invalidValue',
      { values: 'a, b' },
    ]);
    // Without the dictionary at hand (the web) any key passes: the server checks it.
    expect(checkFieldValue(rules({ dataType: 'key' }), 'c').ok).toBe(true);
    expect(checkFieldValue(rules({ dataType: 'ref' }), 'User000000000001').ok).toBe(true);
    expect(problem(checkFieldValue(rules({ dataType: 'ref' }), 'abc'))).toEqual([
      'validation.invalidFormat',
      undefined,
    ]);
    expect(problem(checkFieldValue(rules({ dataType: 'file' }), 'x'))).toEqual(['validation.invalidFormat', undefined]);
  });

  it('empty values: required refuses them, otherwise null', () => {
    for (const empty of [null, undefined, '', []]) {
      expect(checkFieldValue(rules({ dataType: 'string' }), empty)).toEqual({ ok: true, value: null });
      expect(problem(checkFieldValue(rules({ dataType: 'string', required: true }), empty))).toEqual([
        'validation.required',
        undefined,
      ]);
    }
  });

  it('multiple fields: a list, each value checked, duplicates dropped, at most 100', () => {
    const ipc = rules({ dataType: 'string', multiple: true, maxLength: 4 });
    expect(checkFieldValue(ipc, ['H01M', ' H01M', 'G06F'])).toEqual({ ok: true, value: ['H01M', 'G06F'] });
    expect(problem(checkFieldValue(ipc, 'H01M'))).toEqual(['validation.invalidType', { expected: 'array' }]);
    expect(problem(checkFieldValue(ipc, ['H01M', 'G06F 16']))).toEqual(['validation.tooBig.string', { maximum: 4 }]);
    expect(
      problem(
        checkFieldValue(
          ipc,
          Array.from({ length: 101 }, (_, i) => `A${i}`),
        ),
      ),
    ).toEqual(['validation.tooBig.array', { maximum: 100 }]);
  });

  it('has a check for every data type', () => {
    for (const spec of Object.values(KIND_SPECS))
      expect(() => checkFieldValue(rules({ dataType: spec.dataType }), null)).not.toThrow();
  });
});

/** The model as a caller with every right writes it. */
function writable(
  declaration: ValuesModel['declaration'],
  extra: Partial<Record<string, Partial<FieldToCheck>>> = {},
): ValuesModel {
  const fields = new Map<string, FieldToCheck>();
  fields.set('sid', {
    name: 'sid',
    label: { zh: '编号', en: 'ID' },
    dataType: 'string',
    multiple: false,
    system: true,
  });
  for (const [name, declared] of Object.entries(declaration.fields)) {
    fields.set(name, {
      name,
      label: declared.label,
      dataType: KIND_SPECS[declared.kind].dataType,
      multiple: declared.multiple,
      required: declared.required,
      maxLength: declared.maxLength,
      min: declared.min,
      max: declared.max,
      scale: declared.scale,
      format: declared.format,
      defaultValue: declared.defaultValue,
      ...extra[name],
    });
  }
  return { declaration, fields };
}

const gadget = defineModel({
  name: 'gadget',
  label: { zh: '器件', en: 'Gadget' },
  titleField: 'name',
  fields: {
    name: field('text', { label: { zh: '名称', en: 'Name' }, required: true, maxLength: 10 }),
    starts_on: field('date', { label: { zh: '开始日', en: 'Starts on' } }),
    ends_on: field('date', { label: { zh: '结束日', en: 'Ends on' } }),
    status: field('option', { label: { zh: '状态', en: 'Status' }, defaultValue: 'new' }),
    code: field('text', { label: { zh: '代码', en: 'Code' }, managed: true }),
  },
  normalize: (values) => (typeof values.name === 'string' ? { name: values.name.toUpperCase() } : {}),
  // A cross-field rule: a period ends on or after its start.
  validate: (values) =>
    typeof values.starts_on === 'string' && typeof values.ends_on === 'string' && values.ends_on < values.starts_on
      ? [{ field: 'ends_on', messageKey: 'validation.tooSmall.number', params: { minimum: values.starts_on } }]
      : [],
});

describe('checkValues, a record', () => {
  it('on create: every field, defaults filled, normalised, then the rule across fields', () => {
    const { values, issues } = checkValues(writable(gadget), { name: 'abc', starts_on: '2024-01-01' }, 'create');
    expect(issues).toEqual([]);
    expect(Object.fromEntries(values)).toEqual({
      name: 'ABC',
      starts_on: '2024-01-01',
      ends_on: null,
      status: 'new',
      code: null,
    });
    expect(
      checkValues(writable(gadget), { name: 'x', starts_on: '2024-02-01', ends_on: '2024-01-01' }, 'create').issues,
    ).toEqual([
      {
        field: 'ends_on',
        label: { zh: '结束日', en: 'Ends on' },
        key: 'validation.tooSmall.number',
        params: { minimum: '2024-02-01' },
      },
    ]);
  });

  it('names every failing field: unknown, system, read-only and bad values; rules wait for good fields', () => {
    const model = writable(gadget, { code: { readOnly: true } });
    const { issues } = checkValues(
      model,
      { nope: 1, sid: 'x', code: 'c', starts_on: '2025-02-30', starts: 1, ends_on: '2024-01-01' },
      'create',
    );
    expect(issues.map((issue) => [issue.field, issue.key])).toEqual([
      ['nope', 'validation.unrecognizedKeys'],
      ['sid', 'validation.unrecognizedKeys'],
      ['code', 'validation.readOnly'],
      ['starts', 'validation.unrecognizedKeys'],
      ['name', 'validation.required'],
      ['starts_on', 'validation.notADate'],
    ]);
    // An unknown name has no label: the answer names it by itself.
    expect(valueIssueLabel(issues[0]!, 'en')).toBe('nope');
    expect(valueIssueLabel(issues[2]!, 'en')).toBe('Code');
  });

  it('on update: only the fields sent; masked ones refused; the rule needs the stored record', () => {
    const model = writable(gadget, { name: { masked: true } });
    expect(checkValues(model, { name: 'x' }, 'update').issues.map((i) => i.key)).toEqual(['validation.readOnly']);
    const { values, issues } = checkValues(model, { ends_on: '2024-01-01' }, 'update');
    expect(issues).toEqual([]);
    expect(Object.fromEntries(values)).toEqual({ ends_on: '2024-01-01' });
    expect(checkRecord(model, values, { name: 'A', starts_on: '2024-02-01' }).map((i) => i.field)).toEqual(['ends_on']);
    expect(checkRecord(model, new Map(), { name: 'A', starts_on: '2024-02-01', ends_on: '2024-03-01' })).toEqual([]);
  });

  it('a required field hidden from the caller is theirs to miss; a default covers it', () => {
    const model = { ...writable(gadget), hidden: ['name'] };
    model.fields = new Map([...model.fields].filter(([name]) => name !== 'name'));
    expect(checkValues(model, {}, 'create').issues).toEqual([
      { field: 'name', label: { zh: '名称', en: 'Name' }, key: 'validation.required' },
    ]);
  });

  it("runs a declared model's own rule across fields (a person's ID number against its type)", () => {
    const issues = checkValues(
      writable(person),
      { name: '张三', id_type: 'id_card', id_number: '11010519491231002X' },
      'create',
    ).issues;
    expect(issues).toEqual([]);
    const bad = checkValues(
      writable(person),
      { name: '张三', id_type: 'id_card', id_number: '110105194912310021' },
      'create',
    ).issues;
    expect(bad.map((issue) => [issue.field, issue.key])).toEqual([['id_number', 'validation.idCardCheckDigit']]);
    expect(valueIssueLabel(bad[0]!, 'zh-CN')).toBe('证件号码');
  });

  it("words issues in the caller's language, naming an expected type", () => {
    const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
      translate('en', key, params);
    expect(valueIssueMessage({ key: 'validation.invalidType', params: { expected: 'integer' } }, en)).toBe(
      translate('en', 'validation.invalidType', { expected: translate('en', 'type.integer') }),
    );
    // A rule's own `expected` (a check digit) is no type.
    expect(valueIssueMessage({ key: 'validation.applicationNumberCheckDigit', params: { expected: '6' } }, en)).toBe(
      translate('en', 'validation.applicationNumberCheckDigit', { expected: '6' }),
    );
  });
});
