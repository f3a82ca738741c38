// The taxonomy domain in the server: the category trees run on the generic pipeline, with the tree's own
// rules (no circles, no delete while subcategories remain) as hooks of each tree model.
import { taxonomyDomain } from '@ipdesk/core';
import type { ServerDomain } from '../types.js';
import { installCategoryHooks } from './tree-hooks.js';

export const taxonomyServer: ServerDomain = {
  core: taxonomyDomain,
  installHooks: (registry) => installCategoryHooks(registry),
};
