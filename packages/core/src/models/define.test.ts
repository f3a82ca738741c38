// Declaring a model: the checks defineModel makes on names, the title field and filter indexes.
import { describe, expect, it } from 'vitest';
import { MODEL_CATALOG } from './catalog/index.js';
import {
  col,
  defineModel,
  field,
  joinReferenceTitle,
  referenceTitleFields,
  tableOf,
  unresolvedReferences,
  type ModelDeclaration,
} from './define.js';

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

describe('reference titles and targets', () => {
  const label = { zh: '测试', en: 'Test' };
  const owner = defineModel({
    name: 'test_owner',
    label,
    titleField: 'title',
    referenceTitle: ['code', 'title'],
    fields: { title: field('text', { label }), code: field('text', { label }) },
  });

  it('reads a record by its declared reference title fields, else its title field', () => {
    expect(referenceTitleFields(owner)).toEqual(['code', 'title']);
    expect(referenceTitleFields(base)).toEqual(['title']);
    expect(joinReferenceTitle(['CN-1', ' 锂电池 '])).toBe('CN-1 锂电池');
    expect(joinReferenceTitle([null, '锂电池', ''])).toBe('锂电池');
  });

  it('refuses reference title fields that are undeclared, multiple or none', () => {
    expect(() => defineModel({ ...base, referenceTitle: ['nope'] })).toThrow('reference title field nope');
    expect(() => defineModel({ ...base, referenceTitle: ['classes'] })).toThrow('reference title field classes');
    expect(() => defineModel({ ...base, referenceTitle: [] })).toThrow('at least one field');
  });

  it('names the reference fields whose target is neither a given model nor a system target', () => {
    const pointing = defineModel({
      ...base,
      name: 'test_pointing',
      fields: {
        ...fields,
        owner: field('parent', { label, target: 'test_owner' }),
        manager: field('user', { label }),
        stray: field('project', { label }),
        orphan: field('parent', { label }),
      },
    });
    expect(unresolvedReferences([owner, pointing], ['user_info'])).toEqual([
      'test_pointing.stray: target project is not a declared model',
      'test_pointing.orphan: a parent field names no target model',
    ]);
    expect(unresolvedReferences(MODEL_CATALOG, ['user_info', 'company', 'organization'])).toEqual([]);
  });
});

describe('table and column names for hand-written SQL', () => {
  const priced = defineModel({
    ...base,
    fields: { ...fields, price: field('currencyAmount', { label: { zh: '价格', en: 'Price' } }) },
  });

  it('names the table and the declared, system and currency columns', () => {
    expect(tableOf(priced)).toBe('m_test_thing');
    expect([col(priced, 'country'), col(priced, 'tenant_sid'), col(priced, 'price_currency')]).toEqual([
      'country',
      'tenant_sid',
      'price_currency',
    ]);
  });

  it('refuses, when run, a column a widened declaration does not have', () => {
    const wide: ModelDeclaration = priced;
    expect(() => col(wide, 'nope')).toThrow('test_thing has no column nope');
    expect(() => col(wide, 'title_currency')).toThrow('no column title_currency');
  });
});
