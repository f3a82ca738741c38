// Realistic patent rows for benchmarks: mixed Chinese and English titles, the three Chinese patent
// types, a skewed country mix, statuses and dates. The patents issue adds columns; keep this the one
// generator every benchmark uses.
import { seededRandom, type Random } from './random.js';

export interface GeneratedPatent {
  sid: string;
  caseNumber: string;
  title: string;
  patentType: 'invention' | 'utility_model' | 'design';
  country: string;
  status: string;
  applicationNumber: string;
  filingDate: string;
}

const ZH_SUBJECTS = [
  '锂离子电池',
  '电池',
  '固态电解质',
  '图像识别',
  '无人机',
  '光伏组件',
  '基因测序',
  '芯片封装',
  '5G天线',
  '储能系统',
  '机器人',
  '传感器',
];
const ZH_FRAMES = [
  '一种{s}及其制备方法',
  '基于深度学习的{s}检测方法',
  '{s}的控制装置和系统',
  '用于{s}的散热结构',
  '{s}的制造工艺',
];
const EN_SUBJECTS = [
  'lithium-ion battery',
  'solid electrolyte',
  'image recognition',
  'unmanned aerial vehicle',
  'photovoltaic module',
  'gene sequencing',
  'chip packaging',
  'antenna array',
  'energy storage',
  'robot arm',
  'sensor',
];
const EN_FRAMES = [
  'Method for manufacturing a {s}',
  'System and method for {s} control',
  '{s} with improved thermal management',
  'Apparatus for detecting defects in a {s}',
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
const TYPES: ReadonlyArray<readonly [GeneratedPatent['patentType'], number]> = [
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
const SID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function sidFrom(random: Random): string {
  let sid = '';
  for (let i = 0; i < 16; i++) sid += SID_ALPHABET[random.int(0, SID_ALPHABET.length - 1)];
  return sid;
}

function title(random: Random, country: string): string {
  const chinese = country === 'CN' ? random.next() < 0.9 : random.next() < 0.1;
  return chinese
    ? random.pick(ZH_FRAMES).replace('{s}', random.pick(ZH_SUBJECTS))
    : random.pick(EN_FRAMES).replace('{s}', random.pick(EN_SUBJECTS));
}

function applicationNumber(
  random: Random,
  country: string,
  type: GeneratedPatent['patentType'],
  year: number,
  serial: number,
): string {
  if (country === 'CN') {
    // CN numbers: year, type digit (1 invention, 2 utility model, 3 design), serial, check digit.
    const typeDigit = { invention: 1, utility_model: 2, design: 3 }[type];
    return `${year}${typeDigit}${String(serial % 10_000_000).padStart(7, '0')}.${random.int(0, 9)}`;
  }
  return `${country}${year}${String(serial).padStart(8, '0')}`;
}

/** Yields `count` patents, the same ones for the same seed. */
export function* generatePatents(count: number, seed = 20261121): Generator<GeneratedPatent> {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const country = random.weighted(COUNTRIES);
    const patentType = random.weighted(TYPES);
    const year = random.int(2005, 2026);
    const filingDate = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    yield {
      sid: sidFrom(random),
      caseNumber: `P${year}${String(i + 1).padStart(7, '0')}`,
      title: title(random, country),
      patentType,
      country,
      status: random.weighted(STATUSES),
      applicationNumber: applicationNumber(random, country, patentType, year, i + 1),
      filingDate,
    };
  }
}
