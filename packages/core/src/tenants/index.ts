export * from './tenant-fields.js';
