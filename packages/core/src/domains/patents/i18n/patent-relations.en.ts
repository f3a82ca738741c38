// Server texts of a case's inventors, relations and family (en), typed against zh-CN.
import type { PatentRelationsMessageKey } from './patent-relations.zh-CN.js';

export const patentRelationsEn: Record<PatentRelationsMessageKey, string> = {
  'error.inventorContributionSum': 'Inventor contributions must add up to 100%; they now add up to {{sum}}%',
  'error.relationSameCase': 'A case cannot be related to itself',
  'error.relationWarnings': 'This relation has {{count}} warning(s): confirm them to save it',
  'error.relationExists': 'These two cases already have a relation of this type',
  'error.relationNotFound': 'The relation does not exist or has been deleted',

  'field.inventors': 'Inventors',
  'field.inventorName': 'Inventor name',
  'field.inventorContribution': 'Contribution',
  'field.inventorPerson': 'Inventor (person)',
  'field.relationType': 'Relation type',
  'field.otherCase': 'Related case',
  'field.relationDirection': 'Direction',
  'field.acknowledgedWarnings': 'Confirmed warnings',
  'field.relationSid': 'Relation',
  'field.patentSid': 'Patent',

  'validation.contributionRange': 'must be more than 0 and at most 100',
  'validation.contributionDecimals': 'may have at most two decimals',
  'validation.duplicateInventor': 'the same person is listed as an inventor twice',
  'validation.applicationNumberFormat': "does not match the office's application number format",
  'validation.applicationNumberCheckDigit': 'has a wrong check digit: the check digit for this number is {{expected}}',

  'patentRelation.warningLabel': 'Warning',
  'patentRelation.problem.sameCase': 'A case cannot be related to itself',
  'patentRelation.problem.parentFiledAfterChild': 'The parent case was filed after the child case',
  'patentRelation.problem.familyMismatch': 'The two cases belong to different families',
  'patentRelation.problem.parisSameCountry': 'Paris priority: the two cases must be at different offices',
  'patentRelation.problem.parisWo': 'Paris priority: neither case may be WO (a PCT international application)',
  'patentRelation.problem.countryMustMatch': 'This relation needs both cases at the same office',
  'patentRelation.problem.continuationNotUs': 'Only US cases accept a continuation or continuation-in-part',
  'patentRelation.problem.pctParentWo': 'PCT international filing: the parent must not be a WO case',
  'patentRelation.problem.pctChildNotWo':
    'PCT international filing: the child must be a WO case (the international application)',
  'patentRelation.problem.pctaParentNotWo':
    'PCT national phase: the parent must be a WO case (the international application)',
  'patentRelation.problem.pctaChildWo': 'PCT national phase: the child must not be a WO case',
  'patentRelation.problem.hagueParentWo': 'Hague international filing: the parent must not be a WO case',
  'patentRelation.problem.hagueChildNotWo':
    'Hague international filing: the child must be a WO case (the international registration)',
  'patentRelation.problem.haguepParentNotWo':
    'Hague designation: the parent must be a WO case (the international registration)',
  'patentRelation.problem.haguepChildWo': 'Hague designation: the child must not be a WO case',

  // Application-number warnings (patents helper): shown, never refusing the save.
  'patentWarning.applicationNumberDuplicate':
    'Application number {{number}} is already on another case of this tenant: {{cases}}',
  'patentWarning.applicationNumberDuplicateHidden':
    'Application number {{number}} is already on {{count}} other case(s) of this tenant that you cannot see',
  'patentWarning.applicationNumberType':
    "The type digit {{digit}} of the application number means {{said}}, but the case's patent type is {{type}}",
  'patentWarning.type.invention': 'invention',
  'patentWarning.type.utility_model': 'utility model',
  'patentWarning.type.design': 'design',
};
