export * from './catalog/index.js';
export * from './define.js';
export * from './lifecycle.js';
export * from './dictionaries.js';
export * from './field-kinds.js';
export * from './offices.js';
export * from './iql-check.js';
export * from './check-values.js';
