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
  unresolvedParents,
  childrenByParent,
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

describe('child records: a model declares its parent', () => {
  const label = { zh: '测试', en: 'Test' };
  const owner = defineModel({
    name: 'test_owner',
    label,
    titleField: 'title',
    fields: { title: field('text', { label }) },
  });
  const childFields = {
    title: field('text', { label }),
    owner: field('parent', { label, target: 'test_owner', required: true }),
    loose: field('parent', { label, target: 'test_owner' }),
    many: field('parent', { label, target: 'test_owner', required: true, multiple: true }),
    other: field('parent', { label, target: 'test_thing', required: true }),
    note: field('text', { label, required: true }),
  };
  const child = { name: 'test_child', label, titleField: 'title', fields: childFields };

  it('accepts a required single reference to the parent model and derives the children', () => {
    const declared = defineModel({
      ...child,
      parent: { model: 'test_owner', field: 'owner', onParentDelete: 'delete' },
    });
    expect(declared.parent).toEqual({ model: 'test_owner', field: 'owner', onParentDelete: 'delete' });
    expect(childrenByParent([owner, declared]).get('test_owner')).toEqual([
      { model: 'test_child', field: 'owner', onParentDelete: 'delete' },
    ]);
    expect(unresolvedParents([owner, declared])).toEqual([]);
  });

  it.each([
    ['nope', 'test_owner', 'delete', 'parent field nope is not declared'],
    ['title', 'test_owner', 'delete', 'parent field title is not a single reference field'],
    ['many', 'test_owner', 'delete', 'parent field many is not a single reference field'],
    ['loose', 'test_owner', 'delete', 'parent field loose is not required'],
    ['other', 'test_owner', 'delete', 'parent field other points at test_thing, not at test_owner'],
    ['owner', 'test_owner', 'orphan', 'parent onParentDelete must be one of delete, refuse'],
  ])('refuses parent field %s of %s (%s)', (fieldName, model, rule, message) => {
    const parent = { model, field: fieldName, onParentDelete: rule } as unknown as ModelDeclaration['parent'];
    expect(() => defineModel({ ...child, parent } as ModelDeclaration)).toThrow(`test_child: ${message}`);
  });

  it('types the parent field as one of the declared fields', () => {
    const parent = { model: 'test_owner', field: 'nope', onParentDelete: 'delete' } as const;
    // @ts-expect-error: a parent field the model does not declare fails the type-check.
    expect(() => defineModel({ ...child, parent })).toThrow('parent field nope is not declared');
  });

  it('names parents that are not declared models, and parents in a circle', () => {
    const declared = defineModel({
      ...child,
      parent: { model: 'test_owner', field: 'owner', onParentDelete: 'refuse' },
    });
    expect(unresolvedParents([declared])).toEqual(['test_child.owner: parent test_owner is not a declared model']);
    const a = defineModel({
      name: 'test_a',
      label,
      titleField: 'title',
      fields: { title: field('text', { label }), up: field('parent', { label, target: 'test_b', required: true }) },
      parent: { model: 'test_b', field: 'up', onParentDelete: 'delete' },
    });
    const b = defineModel({
      name: 'test_b',
      label,
      titleField: 'title',
      fields: { title: field('text', { label }), up: field('parent', { label, target: 'test_a', required: true }) },
      parent: { model: 'test_a', field: 'up', onParentDelete: 'delete' },
    });
    expect(unresolvedParents([a, b])).toEqual([
      'test_a.up: parents go round in a circle through test_a',
      'test_b.up: parents go round in a circle through test_b',
    ]);
  });

  it('holds the catalogue: every declared parent resolves; a case owns its items, deadlines and fees', () => {
    expect(unresolvedParents(MODEL_CATALOG)).toEqual([]);
    expect(childrenByParent(MODEL_CATALOG).get('patent')).toEqual([
      { model: 'patent_item', field: 'patent', onParentDelete: 'delete' },
      { model: 'patent_task', field: 'patent', onParentDelete: 'delete' },
      { model: 'fee', field: 'patent', onParentDelete: 'delete' },
    ]);
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
