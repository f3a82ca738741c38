// Option lists of the parties domain (data dictionary seeds).
import { option as o, type Dictionary } from '../../models/dictionary-types.js';

export const PARTIES_DICTIONARIES: Dictionary[] = [
  {
    name: 'applicant_type',
    label: { zh: '申请人类型', en: 'Applicant type' },
    options: [
      o('enterprise', '企业', 'Enterprise'),
      o('institute', '科研院所', 'Research institute'),
      o('university', '高等院校', 'University'),
      o('individual', '个人', 'Individual'),
    ],
  },
  {
    name: 'expert_type',
    label: { zh: '专家类型', en: 'Expert type' },
    options: [o('internal', '内部专家', 'Internal expert'), o('external', '外部专家', 'External expert')],
  },
];
