// Declaring a model: the checks defineModel makes on names, the title field and filter indexes.
import { describe, expect, it } from 'vitest';
import { defineModel, field } from './define.js';

const fields = {
  title: field('text', { label: { zh: '名称', en: 'Title' } }),
  country: field('option', { label: { zh: '国家', en: 'Country' }, dictionary: 'country' }),
  status: field('option', { label: { zh: '状态', en: 'Status' }, dictionary: 'patent_status' }),
  classes: field('option', { label: { zh: '类别', en: 'Classes' }, dictionary: 'nice_class', multiple: true }),
};
const base = { name: 'test_thing', label: { zh: '测试', en: 'Test' }, titleField: 'title', fields };

describe('defineModel', () => {
  it('accepts filter indexes over declared single-value fields', () => {
    expect(defineModel({ ...base, filterIndexes: [['country', 'status']] }).filterIndexes).toEqual([
      ['country', 'status'],
    ]);
  });

  it.each([
    [[['country', 'nope']], 'nope'],
    [[['country', 'classes']], 'classes'],
    [[['country']], '2 to 4'],
  ])('refuses the filter index %j', (filterIndexes, message) => {
    expect(() => defineModel({ ...base, filterIndexes })).toThrow(message);
  });

  it('refuses a title field that is not declared and names that are not snake_case', () => {
    expect(() => defineModel({ ...base, titleField: 'missing' })).toThrow('title field');
    expect(() => defineModel({ ...base, name: 'TestThing' })).toThrow('snake_case');
  });
});
