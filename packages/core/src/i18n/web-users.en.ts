// Texts of user pickers and user names (en), typed against the zh-CN keys.
import type { WebUsersMessageKey } from './web-users.zh-CN.js';

export const webUsersEn: Record<WebUsersMessageKey, string> = {
  'field.keyword': 'Keyword',
  'field.userSids': 'Users',
  'userPicker.placeholder': 'Search by name or account',
  'userPicker.label': '{{name}} ({{account}})',
  'userPicker.withDepartment': '{{label}} · {{department}}',
  'userPicker.searching': 'Searching people…',
  'userPicker.empty': 'No matching people',
  'userPicker.loadFailed': 'People could not be searched. Please try again later.',
  'userPicker.rangeHint': 'Only active people within your selection range are listed',
};
