// The taxonomy domain in core: the category trees (product_category, tech_category) that fields of the
// kinds productCategory / technologyCategory point at, edited on their own pages under System settings,
// and the built-in dictionaries behind techTerritory and patternType. Not enterprise-only: agency users
// editing a case read its categories' names.
import { grantsOn, MODEL_ACTIONS } from '../../rbac/model-actions.js';
import { codeBands, domainError, domainMessages, modelMenu, type CoreDomain } from '../types.js';
import { TAXONOMY_DICTIONARIES } from './dictionaries.js';
import { taxonomyEn } from './i18n/taxonomy.en.js';
import { taxonomyZhCN } from './i18n/taxonomy.zh-CN.js';
import { productCategory, techCategory } from './models/categories.js';

const messages = domainMessages<keyof typeof taxonomyZhCN>(taxonomyZhCN, taxonomyEn);
type TaxonomyMessageKey = keyof (typeof messages)['zh-CN'];
const NAMES = [productCategory.name, techCategory.name];

export const taxonomyDomain = {
  name: 'taxonomy',
  models: [productCategory, techCategory],
  dictionaries: TAXONOMY_DICTIONARIES,
  menus: [
    { ...modelMenu('product_category', '产品分类', 'Product categories', 'menu'), parent: 'system', sort: 92 },
    { ...modelMenu('tech_category', '技术分类', 'Technology categories', 'menu'), parent: 'system', sort: 94 },
  ],
  resources: [],
  grants: {
    ip_specialist: grantsOn(NAMES, MODEL_ACTIONS),
    // Whoever fills in a case picks its categories: the picker reads the trees.
    department_lead: grantsOn(NAMES, ['view', 'export']),
    inventor: grantsOn(NAMES, ['view']),
    agency_agent: grantsOn(NAMES, ['view']),
  },
  errors: {
    ranges: codeBands([409], 920, 939),
    codes: {
      categoryCycle: domainError(409920, 409, 'error.categoryCycle'),
      categoryHasChildren: domainError(409921, 409, 'error.categoryHasChildren'),
    },
  },
  messages,
} satisfies CoreDomain<TaxonomyMessageKey>;
