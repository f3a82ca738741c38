// The parties domain's shared rules (the barrel @ipdesk/core re-exports).
export * from './uscc.js';
export { applicant, applicantIssues } from './models/applicant.js';
export { expert, expert as expertModel, expertIssues } from './models/expert.js';
