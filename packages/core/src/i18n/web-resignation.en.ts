// Texts of the web's resignation notice settings page (en), typed against the zh-CN keys.
import type { WebResignationMessageKey } from './web-resignation.zh-CN.js';

export const webResignationEn: Record<WebResignationMessageKey, string> = {
  'adminResignation.title': 'Resignation notices',
  'adminResignation.intro':
    'When someone resigns, these notices tell people that the account is closed and the open to-dos have been handed over.',
  'adminResignation.notifyHandover': 'Notify the handover person',
  'adminResignation.notifyHandoverHelp':
    'The person who receives the open to-dos is told, so they can pick up the work right away.',
  'adminResignation.notifyAdmins': 'Notify the system administrators',
  'adminResignation.notifyAdminsHelp': 'Every system administrator of the organisation is told.',
  'adminResignation.extraRecipients': 'Other recipients',
  'adminResignation.extraRecipientsHelp':
    'Type an e-mail address and press Enter or a comma to add it; at most {{max}}. A repeated address is kept once.',
  'adminResignation.extraRecipientsPlaceholder': 'e.g. hr@example.com',
  'adminResignation.invalidEmail': '"{{value}}" is not a valid e-mail address',
  'adminResignation.tooMany': 'At most {{max}} other recipients',
  'adminResignation.save': 'Save',
  'adminResignation.reset': 'Revert',
  'adminResignation.saved': 'Resignation notice settings saved',
  'adminResignation.loadFailed': 'The resignation notice settings could not be loaded',
  'adminResignation.retry': 'Retry',
};
