// The form's rules from the schema and what create / update send.
import type { FormRule } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ModelRow, ModelSchema, SchemaField } from '../../api/model';
import { i18n, startI18n } from '../../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../../testing/local-server';
import { schemaField, systemField, type FieldExtra } from '../../testing/schema-fixtures';
import { changedData, createData, fieldRules, formFields, initialValues, prefillFromLink } from './form-values';

const zh = messages['zh-CN'];

beforeAll(async () => {
  const gone = await startLocalServer();
  await gone.close();
  setPageUrl(`${gone.origin}/ip/`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
});

const field = (name: string, extra: FieldExtra) => schemaField(name, name, extra);

const schema: ModelSchema = {
  name: 'patent',
  label: '专利',
  title_field: 'title',
  fields: [
    systemField('sid'),
    systemField('version', 'version', { kind: 'number', data_type: 'integer' }),
    field('title', { label: '专利名称', required: true, max_length: 5 }),
    field('score', { kind: 'number', data_type: 'decimal', min: 0, max: 100 }),
    field('patent_type', { kind: 'option', data_type: 'key', multiple: true }),
    field('manager', { kind: 'user', data_type: 'ref' }),
    field('figures', { kind: 'figure', data_type: 'file', multiple: true }),
    field('ipc', { multiple: true, max_length: 8 }),
    field('claims', { kind: 'number', data_type: 'integer', multiple: true, required: true, min: 1 }),
  ],
};
const byName = (name: string): SchemaField => schema.fields.find((f) => f.name === name) as SchemaField;

/** The first message the field's rules give for a value, or undefined when it passes. */
async function check(name: string, value: unknown): Promise<string | undefined> {
  for (const rule of fieldRules(byName(name), 'patent', i18n.t) as Exclude<FormRule, (...args: never[]) => unknown>[]) {
    try {
      await rule.validator?.(rule as never, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}

describe('the form of a model', () => {
  it('edits the non-system fields', () => {
    expect(formFields(schema).map((f) => f.name)).toEqual([
      'title',
      'score',
      'patent_type',
      'manager',
      'figures',
      'ipc',
      'claims',
    ]);
  });

  it('requires required fields, a blank text counting as empty', async () => {
    expect(await check('title', '  ')).toBe(zh['modelForm.required'].replace('{{label}}', '专利名称'));
    expect(await check('title', undefined)).toBeDefined();
    expect(await check('title', '电池')).toBeUndefined();
  });

  it('counts characters as the server does (an emoji once) against the maximum', async () => {
    expect(await check('title', '😀😀😀😀😀')).toBeUndefined();
    expect(await check('title', '😀😀😀😀😀😀')).toBe(zh['validation.tooBig.string'].replace('{{maximum}}', '5'));
  });

  it('keeps numbers within min and max', async () => {
    expect(await check('score', -1)).toBe(zh['validation.tooSmall.number'].replace('{{minimum}}', '0'));
    expect(await check('score', 100.5)).toBe(zh['validation.tooBig.number'].replace('{{maximum}}', '100'));
    expect(await check('score', 100)).toBeUndefined();
  });

  it('checks the shape of typed IDs', async () => {
    expect(await check('manager', 'abc')).toBe(zh['modelForm.invalidSid']);
    expect(await check('manager', 'User000000000001')).toBeUndefined();
    expect(await check('manager', '')).toBeUndefined();
  });

  it("checks each value of a multiple field against the field's limits, as the server does", async () => {
    expect(await check('ipc', ['H01M', 'G06F 16/00'])).toBe(zh['validation.tooBig.string'].replace('{{maximum}}', '8'));
    expect(await check('ipc', ['H01M', 'G06F'])).toBeUndefined();
    expect(await check('claims', [3, 0])).toBe(zh['validation.tooSmall.number'].replace('{{minimum}}', '1'));
    expect(
      await check(
        'ipc',
        Array.from({ length: 101 }, (_, i) => `A${i}`),
      ),
    ).toBe(zh['validation.tooBig.array'].replace('{{maximum}}', '100'));
  });

  it('takes a multiple field of empty rows only as empty: required refuses it, create leaves it out', async () => {
    expect(await check('claims', [null])).toBe(zh['modelForm.required'].replace('{{label}}', 'claims'));
    expect(await check('claims', [null, 2])).toBeUndefined();
    expect(createData(schema, { title: '电池', ipc: [' H01M ', ''], claims: [null, 2, null] })).toEqual({
      title: '电池',
      ipc: ['H01M'],
      claims: [2],
    });
  });

  it('creates with the filled-in fields only, texts trimmed, the uploaded files in their order', () => {
    expect(createData(schema, { title: ' 电池 ', score: null, patent_type: [], manager: '', figures: [] })).toEqual({
      title: '电池',
    });
    expect(createData(schema, { title: '电池', figures: ['File000000000002', 'File000000000001'] })).toEqual({
      title: '电池',
      figures: ['File000000000002', 'File000000000001'],
    });
  });

  it('updates only what changed, clearing emptied fields with null', () => {
    const record = {
      sid: 'Rec0000000000001',
      version: 3,
      title: '电池',
      score: 90,
      patent_type: ['invention'],
      manager: null,
      figures: null,
      ipc: null,
      claims: [3],
    } as ModelRow;
    const values = initialValues(schema, record);
    expect(values).toEqual({
      title: '电池',
      score: 90,
      patent_type: ['invention'],
      manager: null,
      figures: null,
      ipc: null,
      claims: [3],
    });
    expect(changedData(schema, record, values)).toEqual({});
    expect(
      changedData(schema, record, { ...values, title: '电池 ', score: null, patent_type: ['invention', 'design'] }),
    ).toEqual({
      score: null,
      patent_type: ['invention', 'design'],
    });
  });
});

describe('fields the caller may not write', () => {
  const person: ModelSchema = {
    name: 'person',
    label: '人员',
    title_field: 'name',
    fields: [
      systemField('sid'),
      field('name', { label: '姓名', required: true }),
      field('mobile', { label: '手机号', masked: true }),
      field('status', { kind: 'option', data_type: 'key', read_only: true, required: true }),
    ],
  };
  const named = (name: string): SchemaField => person.fields.find((f) => f.name === name) as SchemaField;
  const record = {
    sid: 'Per0000000000001',
    version: 1,
    name: '张三',
    mobile: '138****5678',
    status: 'active',
  } as ModelRow;

  it('a new record leaves out read-only fields but takes masked ones', () => {
    expect(formFields(person, 'create').map((f) => f.name)).toEqual(['name', 'mobile']);
    expect(createData(person, { name: '张三', mobile: '13812345678', status: 'resigned' })).toEqual({
      name: '张三',
      mobile: '13812345678',
    });
  });

  it('an edit shows read-only and masked fields and never sends them', () => {
    expect(formFields(person, 'update').map((f) => f.name)).toEqual(['name', 'mobile', 'status']);
    const values = initialValues(person, record);
    expect(values).toEqual({ name: '张三', mobile: '138****5678', status: 'active' });
    expect(changedData(person, record, { ...values, name: '李四', mobile: '13900000000', status: 'resigned' })).toEqual(
      { name: '李四' },
    );
  });

  it('checks no rules on what cannot be changed', () => {
    expect(fieldRules(named('status'), 'person', i18n.t, 'update')).toEqual([]);
    expect(fieldRules(named('mobile'), 'person', i18n.t, 'update')).toEqual([]);
    expect(fieldRules(named('mobile'), 'person', i18n.t, 'create').length).toBeGreaterThan(0);
  });
});

describe('a new record started from a link', () => {
  const task: ModelSchema = {
    name: 'patent_task',
    label: '期限',
    title_field: 'title',
    fields: [
      field('title', { required: true }),
      field('patent', { kind: 'parent', data_type: 'ref', target: 'patent' }),
      field('item', { kind: 'parent', data_type: 'ref', target: 'patent_item', read_only: true }),
      field('assignee', { kind: 'user', data_type: 'ref' }),
    ],
  };

  it('presets writable parent references from the address, only with well-formed ids', () => {
    expect(prefillFromLink(task, '?patent=AbCdEfGh12345678&assignee=AbCdEfGh12345678&title=x')).toEqual({
      patent: 'AbCdEfGh12345678',
    });
    expect(prefillFromLink(task, '?patent=../../etc')).toEqual({});
    expect(prefillFromLink(task, '?item=AbCdEfGh12345678')).toEqual({});
  });
});
