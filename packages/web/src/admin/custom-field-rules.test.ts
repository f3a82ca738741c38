import { describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import {
  CUSTOM_CODE_PATTERN,
  LENGTH_CAPS,
  checkCode,
  checkDefinition,
  toDefinition,
  toFormValues,
  type DefinitionFormValues,
} from './custom-field-rules';

const base: DefinitionFormValues = {
  code: 'grant_no',
  name_zh: '资助编号',
  name_en: 'Grant number',
  kind: 'text',
  multiple: false,
  scope: [],
  min_length: null,
  max_length: null,
  required: false,
  dictionary: null,
  flags: ['import', 'export'],
};

const issuesOf = (change: Partial<DefinitionFormValues>, withCode = true) =>
  checkDefinition({ ...base, ...change }, { withCode }).map((issue) => `${issue.field}:${issue.key}`);

describe('custom field definition rules (spec §5)', () => {
  it('accepts a plain text field', () => {
    expect(issuesOf({})).toEqual([]);
  });

  it('checks the identifier: a letter first, letters, digits, underscores, at most 48', () => {
    expect(checkCode('a')).toBeUndefined();
    expect(checkCode(`a${'b'.repeat(47)}`)).toBeUndefined();
    expect(checkCode(`a${'b'.repeat(48)}`)?.key).toBe('adminField.codePattern');
    expect(checkCode('1abc')?.key).toBe('adminField.codePattern');
    expect(checkCode('_abc')?.key).toBe('adminField.codePattern');
    expect(checkCode('ab-c')?.key).toBe('adminField.codePattern');
    expect(checkCode('专利')?.key).toBe('adminField.codePattern');
    expect(checkCode('')?.key).toBe('adminField.codeRequired');
    expect(CUSTOM_CODE_PATTERN.test('Grant_No_2')).toBe(true);
    // Editing a draft keeps its identifier: not checked again.
    expect(issuesOf({ code: '' }, false)).toEqual([]);
  });

  it('needs both names within 50 (Chinese) and 100 (English) characters', () => {
    expect(issuesOf({ name_zh: '  ' })).toEqual(['name_zh:adminField.nameRequired']);
    expect(issuesOf({ name_zh: '字'.repeat(50), name_en: 'a'.repeat(100) })).toEqual([]);
    expect(issuesOf({ name_zh: '字'.repeat(51), name_en: 'a'.repeat(101) })).toEqual([
      'name_zh:adminField.tooLong',
      'name_en:adminField.tooLong',
    ]);
  });

  it('caps the word limits per kind: 255, 3000, 5000', () => {
    expect(LENGTH_CAPS).toEqual({ text: 255, textarea: 3000, longText: 5000 });
    expect(issuesOf({ max_length: 255 })).toEqual([]);
    expect(issuesOf({ max_length: 256 })).toEqual(['max_length:adminField.lengthCap']);
    expect(issuesOf({ kind: 'textarea', max_length: 3000 })).toEqual([]);
    expect(issuesOf({ kind: 'textarea', max_length: 3001 })).toEqual(['max_length:adminField.lengthCap']);
    expect(issuesOf({ kind: 'longText', max_length: 5001 })).toEqual(['max_length:adminField.lengthCap']);
    expect(checkDefinition({ ...base, max_length: 256 }, { withCode: true })[0]?.params).toEqual({ max: 255 });
  });

  it('wants the maximum at least the minimum, and whole positive numbers', () => {
    expect(issuesOf({ min_length: 10, max_length: 10 })).toEqual([]);
    expect(issuesOf({ min_length: 10, max_length: 9 })).toEqual(['max_length:adminField.lengthOrder']);
    expect(issuesOf({ min_length: 0 })).toEqual(['min_length:adminField.positiveInteger']);
    expect(issuesOf({ max_length: 2.5 })).toEqual(['max_length:adminField.positiveInteger']);
  });

  it('ignores limits of kinds without them and wants a dictionary for options', () => {
    expect(issuesOf({ kind: 'number', min_length: 10, max_length: 1 })).toEqual([]);
    expect(issuesOf({ kind: 'option' })).toEqual(['dictionary:adminField.dictionaryRequired']);
    expect(issuesOf({ kind: 'option', dictionary: 'country' })).toEqual([]);
  });

  it('has texts for every issue in both languages', () => {
    for (const key of [
      'adminField.codeRequired',
      'adminField.codePattern',
      'adminField.nameRequired',
      'adminField.tooLong',
      'adminField.lengthCap',
      'adminField.lengthOrder',
      'adminField.positiveInteger',
      'adminField.dictionaryRequired',
    ] as const) {
      expect(messages['zh-CN'][key]).toBeTruthy();
      expect(messages.en[key]).toBeTruthy();
    }
  });

  it('sends limits only for text kinds and dictionary and multiple only for options', () => {
    const number = toDefinition({
      ...base,
      kind: 'number',
      min_length: 1,
      max_length: 5,
      multiple: true,
      dictionary: 'x',
    });
    expect(number).toMatchObject({ min_length: null, max_length: null, multiple: false, dictionary: null });
    const option = toDefinition({
      ...base,
      kind: 'option',
      multiple: true,
      dictionary: ' country ',
      flags: ['search_filter'],
    });
    expect(option).toMatchObject({ multiple: true, dictionary: 'country' });
    expect(option.flags).toEqual({
      search_filter: true,
      table_column: false,
      import: false,
      export: false,
      process_variable: false,
      approval: false,
      batch_edit: false,
    });
    // Batch edit is kept when a field is saved again (a save without it turned it off).
    expect(toDefinition({ ...base, flags: ['batch_edit'] }).flags.batch_edit).toBe(true);
    expect(toDefinition({ ...base, name_zh: ' 名 ', max_length: 20 })).toMatchObject({ name_zh: '名', max_length: 20 });
  });

  it('reads a stored definition back into the form', () => {
    const definition = toDefinition({ ...base, flags: ['table_column'] });
    expect(toFormValues('grant_no', definition)).toEqual({ ...base, flags: ['table_column'] });
    // A new field starts offered as a list column and a search filter (issue 14), still switchable.
    expect(toFormValues('', null).flags).toEqual(['search_filter', 'table_column', 'import', 'export']);
  });
});
