// Built-in option lists (data dictionary seeds) with bilingual labels. Tenants may add options and
// disable them (the dictionary admin), never delete saved ones (spec §5). Keys are digits, English
// letters and underscores.
import type { Label } from './define.js';

export interface DictionaryOption {
  key: string;
  label: Label;
}

export interface Dictionary {
  name: string;
  label: Label;
  options: DictionaryOption[];
}

const o = (key: string, zh: string, en: string): DictionaryOption => ({ key, label: { zh, en } });

export const DICTIONARY_KEY_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

export const BUILT_IN_DICTIONARIES: Dictionary[] = [
  {
    name: 'patent_type',
    label: { zh: '专利类型', en: 'Patent type' },
    options: [
      o('invention', '发明', 'Invention'),
      o('utility_model', '实用新型', 'Utility model'),
      o('design', '外观设计', 'Design'),
    ],
  },
  {
    name: 'patent_status',
    label: { zh: '专利状态', en: 'Patent status' },
    options: [
      o('drafting', '撰写中', 'Drafting'),
      o('filed', '已申请', 'Filed'),
      o('published', '已公开', 'Published'),
      o('under_examination', '实审中', 'Under examination'),
      o('granted', '已授权', 'Granted'),
      o('rejected', '已驳回', 'Rejected'),
      o('abandoned', '已放弃', 'Abandoned'),
      o('expired', '已失效', 'Expired'),
    ],
  },
  {
    name: 'country',
    label: { zh: '国家/地区', en: 'Country/region' },
    options: [
      o('CN', '中国', 'China'),
      o('US', '美国', 'United States'),
      o('EP', '欧洲专利局', 'European Patent Office'),
      o('JP', '日本', 'Japan'),
      o('KR', '韩国', 'Republic of Korea'),
      o('WO', '世界知识产权组织', 'WIPO (PCT)'),
      o('DE', '德国', 'Germany'),
      o('GB', '英国', 'United Kingdom'),
      o('FR', '法国', 'France'),
      o('HK', '中国香港', 'Hong Kong, China'),
      o('TW', '中国台湾', 'Taiwan, China'),
    ],
  },
  {
    name: 'trademark_status',
    label: { zh: '商标状态', en: 'Trademark status' },
    options: [
      o('filed', '已申请', 'Filed'),
      o('preliminary_approved', '初审公告', 'Preliminarily approved'),
      o('registered', '已注册', 'Registered'),
      o('opposed', '异议中', 'Under opposition'),
      o('rejected', '已驳回', 'Rejected'),
      o('invalid', '已无效', 'Invalidated'),
      o('expired', '已失效', 'Expired'),
    ],
  },
  {
    name: 'nice_class',
    label: { zh: '尼斯分类', en: 'Nice class' },
    options: Array.from({ length: 45 }, (_, i) => o(String(i + 1), `第 ${i + 1} 类`, `Class ${i + 1}`)),
  },
  {
    name: 'copyright_type',
    label: { zh: '版权类型', en: 'Copyright type' },
    options: [o('software', '计算机软件', 'Computer software'), o('works', '作品', 'Work')],
  },
  {
    name: 'copyright_status',
    label: { zh: '登记状态', en: 'Registration status' },
    options: [
      o('preparing', '准备中', 'Preparing'),
      o('submitted', '已提交', 'Submitted'),
      o('registered', '已登记', 'Registered'),
      o('rejected', '不予登记', 'Refused'),
    ],
  },
  {
    name: 'project_status',
    label: { zh: '项目状态', en: 'Project status' },
    options: [
      o('planned', '立项', 'Planned'),
      o('in_progress', '进行中', 'In progress'),
      o('closed', '已结题', 'Closed'),
      o('cancelled', '已取消', 'Cancelled'),
    ],
  },
  {
    name: 'paper_status',
    label: { zh: '论文状态', en: 'Paper status' },
    // Spec §4 "Paper: not_reported, reported, scored, abandon, draft".
    options: [
      o('draft', '草稿', 'Draft'),
      o('not_reported', '未上报', 'Not reported'),
      o('reported', '已上报', 'Reported'),
      o('scored', '已评分', 'Scored'),
      o('abandon', '已放弃', 'Abandoned'),
    ],
  },
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
