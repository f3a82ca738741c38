// Texts of accounts and sign-in (en), typed against the zh-CN keys.
import type { AccountsMessageKey } from './accounts.zh-CN.js';

export const accountsEn: Record<AccountsMessageKey, string> = {
  'password.rule.length': '{{min}}–{{max}} characters',
  'password.rule.upper': 'an upper-case letter',
  'password.rule.lower': 'a lower-case letter',
  'password.rule.digit': 'a digit',
  'password.rule.symbol': 'a special character',
  'password.rule.noSpace': 'no spaces',
  'password.rule.twoKinds': 'at least two of letters, digits and symbols',
  'password.notMet': 'The password does not meet the rules: {{rules}}',
  'password.sameAsOld': 'The new password must differ from the old one',
  'password.reused': 'The new password must differ from your last {{count}} passwords',
  'password.confirmMismatch': 'The two passwords do not match',
  'password.oldWrong': 'The old password is incorrect',

  'error.invalidCredentials': 'Incorrect account or password',
  'error.accountLockedUntil': 'This account is locked until {{until}}; try again then or contact the administrator',
  'error.passwordChangeRequired': 'Please change your password before continuing',
  'error.resetLinkExpired': 'This password reset link is no longer valid; please use "Forgot password" again',
  'error.emailNotRegistered': 'This e-mail address is not registered; please contact the administrator',
  'error.mailNotConfigured': 'E-mail is not set up; please contact the administrator',
  'error.mailSendFailed': 'The e-mail could not be sent; please try again later',
  'error.mailHostUnknown': 'The mail server {{host}} cannot be found; check its address',
  'error.mailHostForbidden':
    'The mail server {{host}} points to the internal address {{address}}, which is not allowed',
  'error.companyNotAllowed': 'You do not belong to the selected company',
  'error.fileType': 'Wrong file format: {{allowed}}',
  'error.fileTooLarge': 'The file is too large (maximum {{max}})',

  'field.account': 'Account',
  'field.password': 'Password',
  'field.oldPassword': 'Old password',
  'field.newPassword': 'New password',
  'field.confirmPassword': 'Confirm password',
  'field.email': 'E-mail',
  'field.emailKey': 'Link key',
  'field.mobile': 'Mobile',
  'field.name': 'Name',
  'field.englishName': 'English name',
  'field.companySid': 'Company',
  'field.settingKey': 'Setting',
  'field.settingValue': 'Setting value',
  'field.token': 'Token',
  'field.userSid': 'User',
  'field.version': 'Version',
  'field.side': 'Sign-in side',

  'mail.reset.subject': '[{{system}}] Reset your password',
  'mail.reset.body':
    'Hello {{name}},\n\nWe received a request to reset the password of your account. Open this link within {{minutes}} minutes to choose a new password (it works once):\n\n{{link}}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.',
  'mail.passwordChanged.subject': '[{{system}}] Your password was changed',
  'mail.passwordChanged.body':
    'Hello {{name}},\n\nThe password of your account was changed at {{time}}, and all other sign-in sessions were ended.\n\nIf this was not you, contact your administrator at once.',
};
