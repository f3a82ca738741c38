export * from './constants.js';
export * from './environment.js';
export * from './errors/app-error.js';
export * from './errors/catalogue.js';
export * from './http/envelope.js';
export * from './http/result-codes.js';
export * from './i18n/index.js';
export * from './ids.js';
