// The parties domain's shared rules (the barrel @ipdesk/core re-exports).
export * from './uscc.js';
export { applicant, applicantIssues } from './models/applicant.js';
