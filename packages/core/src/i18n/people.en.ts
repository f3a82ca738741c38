// Server texts of the people actions (en), typed against zh-CN.
import type { PeopleMessageKey } from './people.zh-CN.js';

export const peopleEn: Record<PeopleMessageKey, string> = {
  'field.personSid': 'Person',
  'field.agentSid': 'Agent',
  'field.agencySid': 'Agency',
  'field.roleSids': 'Roles',
  'field.handoverPerson': 'Handover person',
  'field.resignedOn': 'Resigned on',
  'field.notifyHandover': 'Notify the handover person',
  'field.notifyAdmins': 'Notify administrators',
  'field.extraRecipients': 'Other recipients',
  'validation.dateFormat': 'must be a valid date in the form YYYY-MM-DD',

  'mail.handover.subject': '[{{system}}] Work handed over',
  'mail.handover.body':
    'Hello,\n\n{{person}} resigned on {{date}}; the handover person is {{handover}}. Their {{count}} open to-do(s) now belong to {{handover}}.\n\nSign in to see the to-dos.',
};
