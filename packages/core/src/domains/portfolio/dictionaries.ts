// Option lists of trademarks, copyrights, projects and papers (data dictionary seeds).
import { option as o, type Dictionary } from '../../models/dictionary-types.js';

export const PORTFOLIO_DICTIONARIES: Dictionary[] = [
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
];
