// The taxonomy domain in core: the category trees (product_category, tech_category) that fields of the
// kinds productCategory / technologyCategory point at, edited on their own pages under System settings,
// and the built-in dictionaries behind techTerritory and patternType. Not enterprise-only: agency users
// editing a case read its categories' names.
import { TAXONOMY_ERRORS } from './errors.js';
import { grantsOn } from '../../rbac/model-actions.js';
import type { ResourceDeclaration } from '../../rbac/resources.js';
import { domainMessages, modelMenu, type CoreDomain } from '../types.js';
import { TAXONOMY_DICTIONARIES } from './dictionaries.js';
import { taxonomyEn } from './i18n/taxonomy.en.js';
import { taxonomyZhCN } from './i18n/taxonomy.zh-CN.js';
import { productCategory, techCategory } from './models/categories.js';

const messages = domainMessages<keyof typeof taxonomyZhCN>(taxonomyZhCN, taxonomyEn);
type TaxonomyMessageKey = keyof (typeof messages)['zh-CN'];
const NAMES = [productCategory.name, techCategory.name];

/**
 * The trees' admin pages are administration (System settings): their menus are bound to page resources
 * of their own, granted to no default role (tenant administrators hold them), while the models' view right
 * — which picking a category in a case needs — is every default role's. Someone who may read categories
 * but not administer them has no menu entry, and the page offers them no writes.
 */
const adminPage = (model: string, sort: number, zh: string, en: string): ResourceDeclaration => ({
  code: `taxonomy.${model}`,
  type: 'menu',
  parent: null,
  label: { zh, en },
  level: 'no_share',
  sort,
});

export const taxonomyDomain = {
  name: 'taxonomy',
  models: [productCategory, techCategory],
  dictionaries: TAXONOMY_DICTIONARIES,
  menus: [
    {
      ...modelMenu('product_category', '产品分类', 'Product categories', 'menu'),
      resource: 'taxonomy.product_category',
      parent: 'system',
      sort: 92,
    },
    {
      ...modelMenu('tech_category', '技术分类', 'Technology categories', 'menu'),
      resource: 'taxonomy.tech_category',
      parent: 'system',
      sort: 94,
    },
  ],
  resources: [
    adminPage('product_category', 955, '产品分类管理', 'Product category administration'),
    adminPage('tech_category', 956, '技术分类管理', 'Technology category administration'),
  ],
  grants: {
    // Whoever fills in a case picks its categories: the picker reads the trees.
    ip_specialist: grantsOn(NAMES, ['view', 'export']),
    department_lead: grantsOn(NAMES, ['view', 'export']),
    inventor: grantsOn(NAMES, ['view']),
    agency_agent: grantsOn(NAMES, ['view']),
  },
  errors: TAXONOMY_ERRORS,
  messages,
} satisfies CoreDomain<TaxonomyMessageKey>;
