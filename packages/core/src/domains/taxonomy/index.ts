// The taxonomy domain's shared declarations (the barrel @ipdesk/core re-exports).
export * from './models/categories.js';
export { TAXONOMY_DICTIONARIES } from './dictionaries.js';
