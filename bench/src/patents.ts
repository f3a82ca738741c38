// Realistic patent rows for benchmarks: mixed Chinese and English titles, the three Chinese patent
// types, a skewed country mix, statuses, filing/publication/grant dates, record stamps spread over
// years, and a custom-field value. Keep this the one generator every benchmark uses.
import { cnCheckCharacter } from '@ipdesk/core';
import { seededRandom, type Random } from './random.js';

export type PatentType = 'invention' | 'utility_model' | 'design';
export type PriorityLevel = 'high' | 'medium' | 'low';

export interface GeneratedPatent {
  sid: string;
  /** The case number (`sn`), unique in the tenant. */
  caseNumber: string;
  title: string;
  patentType: PatentType;
  /** A `country` dictionary key. */
  country: string;
  /** A `patent_status` dictionary key. */
  status: string;
  applicationNumber: string;
  /** YYYY-MM-DD */
  filingDate: string;
  publicationDate: string | null;
  grantDate: string | null;
  /** ISO timestamps; created ≤ updated, spread from the filing date to early 2026. */
  createdAt: string;
  updatedAt: string;
  /** The custom field `priority_level` (null: not set on this record). */
  priorityLevel: PriorityLevel | null;
}

// Chinese subjects: '电池' is in about one in six of them (a frequent two-character term), and several
// are five-character phrases ('固态电解质', '钠离子电池', '风力发电机') for the trigram-sized search.
const ZH_SUBJECTS = [
  '锂离子电池',
  '钠离子电池',
  '固态电池',
  '动力电池',
  '燃料电池',
  '电池管理系统',
  '电池包',
  '固态电解质',
  '正极材料',
  '负极材料',
  '隔膜',
  '电解液',
  '图像识别',
  '语音识别',
  '无人机',
  '光伏组件',
  '逆变器',
  '基因测序',
  '芯片封装',
  '半导体器件',
  '5G天线',
  '储能系统',
  '机器人',
  '机械臂',
  '传感器',
  '激光雷达',
  '显示面板',
  '柔性电路板',
  '充电桩',
  '电机控制器',
  '自动驾驶',
  '车载终端',
  '医疗器械',
  '药物制剂',
  '单克隆抗体',
  '疫苗',
  '催化剂',
  '复合材料',
  '防腐涂层',
  '轴承',
  '齿轮箱',
  '风力发电机',
  '热泵',
  '空调',
  '洗衣机',
  '冰箱',
  '包装容器',
  '茶具',
  '灯具',
  '座椅',
];
const ZH_FRAMES = [
  '一种{s}及其制备方法',
  '基于深度学习的{s}检测方法',
  '{s}的控制装置和系统',
  '用于{s}的散热结构',
  '{s}的制造工艺',
  '一种{s}的故障诊断方法',
  '{s}及其应用',
  '一种高效{s}',
  '一种便携式{s}',
  '{s}的装配结构及装配方法',
  '一种{s}的测试装置',
  '一种用于{t}的{s}',
  '{s}与{t}的协同控制方法',
  '含有{s}的组合物',
];
// English subjects: 'battery' in several, written in lower case or Title Case, so a case-insensitive
// keyword search has something to prove.
const EN_SUBJECTS = [
  'lithium-ion battery',
  'solid-state battery',
  'battery pack',
  'battery management system',
  'solid electrolyte',
  'cathode material',
  'image recognition',
  'speech recognition',
  'unmanned aerial vehicle',
  'photovoltaic module',
  'power inverter',
  'gene sequencing',
  'chip packaging',
  'semiconductor device',
  'antenna array',
  'energy storage system',
  'robot arm',
  'pressure sensor',
  'lidar',
  'display panel',
  'charging station',
  'motor controller',
  'autonomous vehicle',
  'medical device',
  'monoclonal antibody',
  'catalyst',
  'composite material',
  'wind turbine',
  'heat pump',
  'bearing assembly',
];
const EN_FRAMES = [
  'Method for manufacturing a {s}',
  'System and method for {s} control',
  '{S} with improved thermal management',
  'Apparatus for detecting defects in a {s}',
  '{S} and method of operating the same',
  'Control device for a {s}',
  '{S} for use in a {t}',
  'Method and system for {s} diagnostics using machine learning',
];
const COUNTRIES: ReadonlyArray<readonly [string, number]> = [
  ['CN', 70],
  ['US', 10],
  ['EP', 6],
  ['JP', 5],
  ['KR', 3],
  ['WO', 4],
  ['DE', 2],
];
const TYPES: ReadonlyArray<readonly [PatentType, number]> = [
  ['invention', 60],
  ['utility_model', 30],
  ['design', 10],
];
const STATUSES: ReadonlyArray<readonly [string, number]> = [
  ['filed', 20],
  ['published', 15],
  ['under_examination', 25],
  ['granted', 30],
  ['rejected', 4],
  ['abandoned', 4],
  ['expired', 2],
];
const PRIORITIES: ReadonlyArray<readonly [PriorityLevel | null, number]> = [
  ['high', 10],
  ['medium', 30],
  ['low', 45],
  [null, 15],
];
const SID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DAY_MS = 86_400_000;
/** Record stamps end here, so runs on different days generate the same rows. */
const STAMPS_END = Date.UTC(2026, 2, 1);

function sidFrom(random: Random): string {
  let sid = '';
  for (let i = 0; i < 16; i++) sid += SID_ALPHABET[random.int(0, SID_ALPHABET.length - 1)];
  return sid;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'the', 'to', 'with', 'using', 'same']);

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : capitalised(word)))
    .join(' ');
}

function title(random: Random, country: string): string {
  const chinese = country === 'CN' ? random.next() < 0.9 : random.next() < 0.1;
  if (chinese) {
    return random.pick(ZH_FRAMES).replace('{s}', random.pick(ZH_SUBJECTS)).replace('{t}', random.pick(ZH_SUBJECTS));
  }
  const s = random.pick(EN_SUBJECTS);
  const english = random
    .pick(EN_FRAMES)
    .replace('{S}', capitalised(s))
    .replace('{s}', s)
    .replace('{t}', random.pick(EN_SUBJECTS));
  // US and EP style differ: about half the English titles are in Title Case.
  return random.next() < 0.5 ? titleCase(english) : english;
}

function applicationNumber(country: string, type: PatentType, year: number, serial: number): string {
  const six = String(serial % 1_000_000).padStart(6, '0');
  switch (country) {
    case 'CN': {
      // Year, type digit (1 invention, 2 utility model, 3 design), serial, check character (ZC 0006-2003).
      const body = `${year}${{ invention: 1, utility_model: 2, design: 3 }[type]}${String(serial % 10_000_000).padStart(7, '0')}`;
      return `${body}.${cnCheckCharacter(body)}`;
    }
    case 'US':
      return `${16 + (year % 3)}/${six.slice(0, 3)},${six.slice(3)}`;
    case 'EP':
      return `${String(year % 100).padStart(2, '0')}${six}`;
    case 'JP':
      return `特願${year}-${six}`;
    case 'KR':
      return `10-${year}-${String(serial % 10_000_000).padStart(7, '0')}`;
    case 'WO':
      return `PCT/CN${year}/${six}`;
    default:
      return `${year}${six}`;
  }
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Yields `count` patents, the same ones for the same seed. */
export function* generatePatents(count: number, seed = 20261121): Generator<GeneratedPatent> {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const country = random.weighted(COUNTRIES);
    const patentType = random.weighted(TYPES);
    const year = random.int(2005, 2025);
    const filingMs = Date.UTC(year, random.int(0, 11), random.int(1, 28));
    const status = random.weighted(STATUSES);
    const published = status !== 'filed' && status !== 'under_examination' ? true : random.next() < 0.5;
    const publicationMs = filingMs + random.int(180, 560) * DAY_MS;
    const granted = status === 'granted' || status === 'expired';
    const grantMs = publicationMs + random.int(60, 900) * DAY_MS;
    // Created around filing, last touched any time after: most rows were edited long ago, some lately.
    const createdMs = Math.min(filingMs + random.int(-60, 30) * DAY_MS + random.int(0, DAY_MS - 1), STAMPS_END - 1);
    const updatedMs = createdMs + Math.floor(random.next() * (STAMPS_END - createdMs));
    yield {
      sid: sidFrom(random),
      caseNumber: `P${year}${String(i + 1).padStart(7, '0')}`,
      title: title(random, country),
      patentType,
      country,
      status,
      applicationNumber: applicationNumber(country, patentType, year, i + 1),
      filingDate: isoDate(filingMs),
      publicationDate: published ? isoDate(Math.min(publicationMs, STAMPS_END)) : null,
      grantDate: granted ? isoDate(Math.min(grantMs, STAMPS_END)) : null,
      createdAt: new Date(createdMs).toISOString(),
      updatedAt: new Date(updatedMs).toISOString(),
      priorityLevel: random.weighted(PRIORITIES),
    };
  }
}
