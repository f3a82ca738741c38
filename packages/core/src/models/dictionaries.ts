// Built-in option lists (data dictionary seeds) with bilingual labels. Tenants may add options and
// disable them (the dictionary admin), never delete saved ones (spec §5). Keys are digits, English
// letters and underscores.
import type { Label } from './define.js';
import { OFFICES } from './offices.js';
import { DEADLINE_EVENTS } from '../patents/deadlines/events.js';

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
    options: OFFICES.map(([key, zh, en]) => o(key, zh, en)),
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
  {
    name: 'filing_route',
    label: { zh: '申请途径', en: 'Filing route' },
    options: [
      o('direct', '直接申请', 'Direct filing'),
      o('paris', '巴黎公约途径', 'Paris Convention'),
      o('pct_international', 'PCT 国际申请', 'PCT international application'),
      o('pct_national', 'PCT 国家阶段', 'PCT national phase'),
      o('divisional', '分案申请', 'Divisional'),
      o('continuation', '继续申请', 'Continuation'),
      o('cip', '部分继续申请', 'Continuation-in-part'),
      o('provisional', '临时申请', 'Provisional'),
      o('hague', '海牙途径', 'Hague'),
    ],
  },
  {
    name: 'legal_status',
    label: { zh: '法律状态', en: 'Legal status' },
    options: [o('pending', '审中', 'Pending'), o('valid', '有效', 'In force'), o('invalid', '失效', 'Lapsed')],
  },
  {
    name: 'entity_size',
    label: { zh: '申请人规模', en: 'Entity size' },
    options: [
      o('large', '大实体', 'Large entity'),
      o('small', '小实体', 'Small entity'),
      o('micro', '微实体', 'Micro entity'),
    ],
  },
  {
    name: 'fee_reduction',
    label: { zh: '费用减缴', en: 'Fee reduction' },
    options: [o('none', '不减缴', 'None'), o('r85', '减缴85%', '85% off'), o('r70', '减缴70%', '70% off')],
  },
  {
    name: 'patent_event',
    label: { zh: '官文/事件类型', en: 'Office action / event type' },
    // The events deadline rules count from or end with (patents/deadlines/events.ts).
    // English labels are written for use inside sentences: capitalised here for lists.
    options: DEADLINE_EVENTS.map(({ code, label }) => ({
      key: code,
      label: { zh: label.zh, en: label.en.charAt(0).toUpperCase() + label.en.slice(1) },
    })),
  },
  {
    name: 'deadline_status',
    label: { zh: '期限状态', en: 'Deadline status' },
    options: [o('open', '待处理', 'Open'), o('done', '已完成', 'Done'), o('cancelled', '已取消', 'Cancelled')],
  },
  {
    name: 'record_origin',
    label: { zh: '来源', en: 'Origin' },
    options: [o('rule', '规则计算', 'Computed by rule'), o('manual', '手工添加', 'Added by hand')],
  },
  {
    name: 'fee_status',
    label: { zh: '缴费状态', en: 'Fee status' },
    options: [o('unpaid', '未缴', 'Unpaid'), o('paid', '已缴', 'Paid'), o('abandoned', '放弃缴纳', 'Abandoned')],
  },
  {
    name: 'fee_decision',
    label: { zh: '维持决定', en: 'Maintenance decision' },
    options: [o('maintain', '维持', 'Maintain'), o('abandon', '放弃', 'Abandon')],
  },
  {
    name: 'currency',
    label: { zh: '币种', en: 'Currency' },
    options: [
      o('CNY', '人民币', 'Chinese yuan'),
      o('USD', '美元', 'US dollar'),
      o('EUR', '欧元', 'Euro'),
      o('JPY', '日元', 'Japanese yen'),
      o('KRW', '韩元', 'Korean won'),
      o('GBP', '英镑', 'Pound sterling'),
      o('HKD', '港元', 'Hong Kong dollar'),
    ],
  },
];
