// Texts of the parties domain (applicants, experts), en.
export const partiesEn = {
  'validation.usccFormat': 'must be 18 digits and capital letters (no I, O, Z, S or V)',
  'validation.usccForOrganisations': 'is for organisations only; an individual applicant has an ID number',
  'validation.idNumberForIndividuals': 'is for individual applicants only; an organisation has a credit code',
  'validation.expertNeedsUser': 'is required for an internal expert: choose the person',
  'validation.expertNeedsName': 'is required for an external expert',
  'validation.userForInternalExperts': 'is for internal experts only; an external expert has a name',
} as const;
