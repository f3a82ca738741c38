export * from './resources.js';
export * from './permissions.js';
export * from './menus.js';
export * from './masking.js';
export * from './identity.js';
export * from './default-roles.js';
export * from './default-role-names.js';
