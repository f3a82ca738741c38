// Option lists of people, agencies and agents (data dictionary seeds).
import { option as o, type Dictionary } from '../../models/dictionary-types.js';

export const PEOPLE_DICTIONARIES: Dictionary[] = [
  {
    name: 'client_type',
    label: { zh: '用户类型', en: 'User type' },
    // Spec §6 "Client types: client, agency, enterprise, common".
    options: [
      o('enterprise', '企业用户', 'Enterprise'),
      o('client', '客户', 'Client'),
      o('agency', '代理机构', 'Agency'),
      o('common', '通用', 'Common'),
    ],
  },
  {
    name: 'id_type',
    label: { zh: '证件类型', en: 'ID type' },
    options: [
      o('id_card', '居民身份证', 'Resident ID card'),
      o('passport', '护照', 'Passport'),
      o('home_return_permit', '港澳居民来往内地通行证', 'Home return permit'),
    ],
  },
  {
    name: 'person_status',
    label: { zh: '人员状态', en: 'Person status' },
    options: [o('active', '在职', 'Active'), o('resigned', '离职', 'Resigned')],
  },
  {
    name: 'validity_status',
    label: { zh: '有效状态', en: 'Validity' },
    options: [o('valid', '有效', 'Valid'), o('invalid', '无效', 'Invalid')],
  },
  {
    name: 'agency_business_line',
    label: { zh: '代理业务范围', en: 'Agency business line' },
    options: [
      o('patent', '专利', 'Patents'),
      o('trademark', '商标', 'Trademarks'),
      o('copyright', '版权', 'Copyrights'),
      o('litigation', '诉讼', 'Litigation'),
      o('search', '检索分析', 'Search and analysis'),
    ],
  },
  {
    name: 'agent_level',
    label: { zh: '代理人等级', en: 'Agent level' },
    options: [o('junior', '初级', 'Junior'), o('intermediate', '中级', 'Intermediate'), o('senior', '高级', 'Senior')],
  },
  {
    name: 'skilled_field',
    label: { zh: '擅长领域', en: 'Skilled field' },
    options: [
      o('mechanical', '机械', 'Mechanical'),
      o('electrical', '电学', 'Electrical'),
      o('communication', '通信', 'Communications'),
      o('software', '计算机软件', 'Software'),
      o('chemistry', '化学', 'Chemistry'),
      o('biomedicine', '生物医药', 'Biomedicine'),
      o('materials', '材料', 'Materials'),
    ],
  },
];
