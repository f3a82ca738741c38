export * from './account-fields.js';
export * from './password-envelope.js';
export * from './password-policy.js';
export * from './local-time.js';
