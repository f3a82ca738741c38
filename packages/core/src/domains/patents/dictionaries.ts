// The patents domain's built-in option lists (data dictionary seeds).
import { option as o, type Dictionary } from '../../models/dictionary-types.js';
import { DEADLINE_EVENTS } from './deadlines/events.js';

export const PATENT_DICTIONARIES: Dictionary[] = [
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
    // Dual docketing (docket/verification.ts): every deadline store's verification.
    name: 'deadline_verification',
    label: { zh: '复核状态', en: 'Verification' },
    options: [o('unverified', '待复核', 'Unverified'), o('verified', '已复核', 'Verified')],
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
];
