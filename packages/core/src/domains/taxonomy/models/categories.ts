// The category trees of spec §3 (product_category, tech_category): records a tenant arranges in a tree on
// their own admin pages and that fields of the kinds productCategory / technologyCategory point at. A
// category's parent is another category of the same tree (none: a root). The model layer's `parent`
// declaration is for a required link to another model (its registry refuses a model that is its own
// parent), so the tree's rules — no cycles, no delete while children remain — are the taxonomy domain's
// hooks on the server (docs/models.md "Reference kinds").
import { defineModel, field, type Label } from '../../../models/define.js';

/** The declared fields of a category tree; `parent` is the kind pointing at this very tree. */
function categoryFields<const K extends 'productCategory' | 'technologyCategory'>(parent: K) {
  return {
    name: field('text', {
      label: { zh: '名称', en: 'Name' },
      required: true,
      maxLength: 100,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    name_en: field('text', {
      label: { zh: '英文名称', en: 'English name' },
      maxLength: 200,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    code: field('text', {
      label: { zh: '编码', en: 'Code' },
      required: true,
      maxLength: 64,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    parent_category: field(parent, {
      label: { zh: '上级分类', en: 'Parent category' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    sort_order: field('number', {
      label: { zh: '排序', en: 'Sort order' },
      scale: 0,
      min: 0,
      max: 999999,
      defaultValue: 0,
      flags: { tableColumn: true },
    }),
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'validity_status',
      defaultValue: 'valid',
      flags: { searchFilter: true, tableColumn: true },
    }),
    description: field('longText', { label: { zh: '描述', en: 'Description' }, maxLength: 2000 }),
  };
}

const categoryDeclaration = <const N extends string, const K extends 'productCategory' | 'technologyCategory'>(
  name: N,
  label: Label,
  parent: K,
) =>
  defineModel({
    name,
    label,
    titleField: 'name',
    // en readers: the English name, else the name.
    titleByLanguage: { en: ['name_en', 'name'] },
    nameFields: ['name', 'name_en', 'code'],
    validity: { field: 'status', invalid: ['invalid'] },
    fields: categoryFields(parent),
  });

export const productCategory = categoryDeclaration(
  'product_category',
  { zh: '产品分类', en: 'Product category' },
  'productCategory',
);
export const techCategory = categoryDeclaration(
  'tech_category',
  { zh: '技术分类', en: 'Technology category' },
  'technologyCategory',
);

/** The category trees, by model name: their admin pages show a tree, their pickers a cascader. */
export const CATEGORY_MODELS = [productCategory.name, techCategory.name] as const;
export type CategoryModel = (typeof CATEGORY_MODELS)[number];

export function isCategoryModel(name: string | undefined): name is CategoryModel {
  return name !== undefined && (CATEGORY_MODELS as readonly string[]).includes(name);
}

/** The field holding a category's parent (the same name in both trees). */
export const CATEGORY_PARENT_FIELD = 'parent_category';
