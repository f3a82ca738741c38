// Texts of the web's people actions (en), typed against the zh-CN keys.
import type { WebPeopleMessageKey } from './web-people.zh-CN.js';

export const webPeopleEn: Record<WebPeopleMessageKey, string> = {
  'modelAccess.readOnlyHint': 'Maintained by the system or by its own actions; it cannot be changed here',
  'modelAccess.maskedHint': 'Shown masked; it cannot be changed',

  'deptPicker.placeholder': 'Select a department',
  'deptPicker.loading': 'Loading departments…',
  'deptPicker.loadFailed': 'The departments could not be loaded. Please try again later.',
  'deptPicker.empty': 'No departments',
  'deptPicker.disabled': ' (disabled)',

  'peopleAction.openAccount': 'Open login account',
  'peopleAction.openAccountTitle': 'Open a login account for "{{name}}"',
  'peopleAction.account': 'Account',
  'peopleAction.accountHint': '1–{{max}} characters: letters, digits and @ _ . -',
  'peopleAction.accountRequired': 'Enter the account',
  'peopleAction.accountInvalid': 'The account may only contain letters, digits and @ _ . -, at most {{max}} characters',
  'peopleAction.roles': 'Roles',
  'peopleAction.rolesPlaceholder': 'Select one or more roles',
  'peopleAction.rolesLoadFailed': 'The roles could not be loaded. Please try again later.',
  'peopleAction.open': 'Open',
  'peopleAction.accountOpened': 'The login account is open',
  'peopleAction.initialPasswordTitle': 'Login account opened',
  'peopleAction.accountLabel': 'Account',
  'peopleAction.initialPassword': 'Initial password',
  'peopleAction.initialPasswordOnce':
    'The initial password is shown only this once and cannot be viewed again after closing. Copy it and hand it over securely.',
  'peopleAction.initialPasswordChange': 'The password must be changed at the first sign-in.',
  'peopleAction.copy': 'Copy password',
  'peopleAction.copied': 'Copied',
  'peopleAction.copyFailed': 'Copying failed; select the password and copy it by hand',
  'peopleAction.done': 'I have noted it',

  'peopleAction.closeAccount': 'Close login account',
  'peopleAction.closeAccountTitle': 'Close the login account of "{{name}}"?',
  'peopleAction.closeAccountContent': 'The account is disabled and its signed-in sessions end at once.',
  'peopleAction.close': 'Close account',
  'peopleAction.accountClosed': 'The login account is closed',

  'peopleAction.resign': 'Resign',
  'peopleAction.resignTitle': 'Resignation of "{{name}}"',
  'peopleAction.resignExplain':
    'After resigning, the login account is closed and open to-dos are handed over to the handover person.',
  'peopleAction.handover': 'Handover person',
  'peopleAction.handoverHint': 'Only active persons with a login account can be chosen',
  'peopleAction.handoverPlaceholder': 'Search by name or job number',
  'peopleAction.handoverRequired': 'Select the handover person',
  'peopleAction.resignedOn': 'Resigned on',
  'peopleAction.resignedOnRequired': 'Select the resignation date',
  'peopleAction.resignSubmit': 'Confirm resignation',
  'peopleAction.resigned': 'The resignation is recorded',

  'peopleAction.closeAgency': 'Close agency',
  'peopleAction.closeAgencyTitle': 'Close the agency "{{name}}"?',
  'peopleAction.closeAgencyContent':
    "No login accounts can be opened for its agents afterwards. Its agents' login accounts must be closed first.",
  'peopleAction.closeAgencySubmit': 'Close',
  'peopleAction.agencyClosed': 'The agency is closed',
  'peopleAction.reopenAgency': 'Reopen',
  'peopleAction.reopenAgencyTitle': 'Reopen the agency "{{name}}"?',
  'peopleAction.reopenAgencyContent': 'Login accounts can then be opened for its agents again.',
  'peopleAction.agencyReopened': 'The agency is reopened',
};
