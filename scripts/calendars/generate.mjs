// Dev-only: writes the office calendars of packages/core/src/domains/patents/calendar/closures/*.ts as plain
// TypeScript data, so core has no runtime dependency. CN comes from chinese-days, JP national holidays
// from date-holidays; US federal holidays and the EP/WO fixed closing days follow their rules below.
// Run: node scripts/calendars/generate.mjs && npx prettier --write packages/core/src/domains/patents/calendar/closures
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'packages/core/src/domains/patents/calendar/closures');

const pad = (n) => String(n).padStart(2, '0');
const iso = (y, m, d) => `${y}-${pad(m)}-${pad(d)}`;
const utc = (y, m, d) => new Date(Date.UTC(y, m - 1, d));
const isoOf = (date) => date.toISOString().slice(0, 10);
const shift = (date, days) => new Date(date.getTime() + days * 86_400_000);

// ---- CN: State Council General Office notices, as carried by chinese-days ----------------------
const CN_FROM = 2015;
const CN_TO = 2026;
const CN_NAMES = {
  "New Year's Day": ['元旦', "New Year's Day"],
  'Spring Festival': ['春节', 'Spring Festival'],
  'Tomb-sweeping Day': ['清明节', 'Qingming Festival'],
  'Labour Day': ['劳动节', 'Labour Day'],
  'Dragon Boat Festival': ['端午节', 'Dragon Boat Festival'],
  'Mid-autumn Festival': ['中秋节', 'Mid-Autumn Festival'],
  'National Day': ['国庆节', 'National Day'],
  'Anti-Fascist 70th Day': ['抗战胜利70周年纪念日', '70th Anniversary of the Victory Day'],
};
// The notice per arrangement year (the 2019 and 2023 arrangements start in the December before).
const CN_NOTICES = [
  '2015 国办发明电〔2014〕28号 (+ 国发明电〔2015〕1号: 3–5 Sep off, Sun 6 Sep worked)',
  '2016 国办发明电〔2015〕18号',
  '2017 国办发明电〔2016〕17号',
  '2018 国办发明电〔2017〕12号',
  '2019 国办发明电〔2018〕15号 (+ 国办发明电〔2019〕3号: Labour Day 1–4 May)',
  '2020 国办发明电〔2019〕16号 (+ 国办发明电〔2020〕1号: Spring Festival extended to 2 Feb)',
  '2021 国办发明电〔2020〕27号',
  '2022 国办发明电〔2021〕11号',
  '2023 国办发明电〔2022〕16号',
  '2024 国办发明电〔2023〕7号',
  '2025 国办发明电〔2024〕12号',
  '2026 国办发明电〔2025〕7号',
];

function chinaCalendar() {
  const data = require('chinese-days/dist/chinese-days.json');
  const version = require('chinese-days/package.json').version;
  const inRange = (date) => date >= iso(CN_FROM, 1, 1) && date <= iso(CN_TO, 12, 31);
  const nameOf = (value) => {
    const key = value.split(',')[0];
    const names = CN_NAMES[key];
    if (!names) throw new Error(`chinese-days: unknown holiday name ${value}`);
    return names;
  };
  const closed = Object.entries(data.holidays)
    .filter(([date]) => inRange(date))
    .map(([date, value]) => [date, ...nameOf(value)])
    .sort((a, b) => a[0].localeCompare(b[0]));
  const working = Object.keys(data.workdays).filter(inRange).sort();
  return {
    office: 'CN',
    constName: 'CN_CLOSURES',
    source:
      `State Council General Office holiday notices (国务院办公厅关于部分节假日安排的通知): ${CN_NOTICES.join('; ')}. ` +
      `Days off and weekend days worked generated from chinese-days@${version}; the 2025 and 2026 lists were ` +
      `compared with the notices' text. CNR 5 moves a period ending on a statutory holiday to the next working ` +
      `day; treating a make-up working day (调休上班日) on a weekend as a working day is an assumption ` +
      `(patent-rules.md: weekend/make-up-day handling UNVERIFIED).`,
    weekend: [0, 6],
    from: iso(CN_FROM, 1, 1),
    to: iso(CN_TO, 12, 31),
    closed,
    working,
  };
}

// ---- US: federal holidays (5 U.S.C. 6103) as observed in the District of Columbia ----------------
const US_FROM = 2015;
const US_TO = 2030;

function nthWeekday(year, month, weekday, n) {
  const first = utc(year, month, 1);
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return shift(first, offset + (n - 1) * 7);
}
function lastWeekday(year, month, weekday) {
  const last = utc(year, month + 1, 0);
  return shift(last, -((last.getUTCDay() - weekday + 7) % 7));
}
// 5 U.S.C. 6103(b): a Saturday holiday is observed the Friday before, a Sunday one the Monday after.
function observed(date) {
  const day = date.getUTCDay();
  return day === 6 ? shift(date, -1) : day === 0 ? shift(date, 1) : date;
}

function usCalendar() {
  const days = new Map();
  const add = (date, zh, en) => {
    const key = isoOf(date);
    if (key < iso(US_FROM, 1, 1) || key > iso(US_TO, 12, 31)) return;
    const prior = days.get(key);
    days.set(key, prior ? [`${prior[0]}；${zh}`, `${prior[1]}; ${en}`] : [zh, en]);
  };
  for (let y = US_FROM; y <= US_TO + 1; y += 1) {
    add(observed(utc(y, 1, 1)), '元旦', "New Year's Day");
    add(nthWeekday(y, 1, 1, 3), '马丁·路德·金纪念日', 'Martin Luther King Jr. Day');
    // 5 U.S.C. 6103(c): Inauguration Day is a holiday in the DC area; a Sunday one moves to Monday.
    if ((y - 2017) % 4 === 0) {
      const day = utc(y, 1, 20);
      if (day.getUTCDay() !== 6) add(day.getUTCDay() === 0 ? shift(day, 1) : day, '总统就职日', 'Inauguration Day');
    }
    add(nthWeekday(y, 2, 1, 3), '华盛顿诞辰纪念日', "Washington's Birthday");
    add(lastWeekday(y, 5, 1), '阵亡将士纪念日', 'Memorial Day');
    if (y >= 2021) add(observed(utc(y, 6, 19)), '六月节', 'Juneteenth National Independence Day');
    add(observed(utc(y, 7, 4)), '独立日', 'Independence Day');
    add(nthWeekday(y, 9, 1, 1), '劳动节', 'Labor Day');
    add(nthWeekday(y, 10, 1, 2), '哥伦布日', 'Columbus Day');
    add(observed(utc(y, 11, 11)), '退伍军人节', 'Veterans Day');
    add(nthWeekday(y, 11, 4, 4), '感恩节', 'Thanksgiving Day');
    add(observed(utc(y, 12, 25)), '圣诞节', 'Christmas Day');
  }
  return {
    office: 'US',
    constName: 'US_CLOSURES',
    source:
      'Federal holidays within the District of Columbia (35 U.S.C. 21(b); 37 CFR 1.7(a); MPEP 710.05): the ' +
      'statutory holidays of 5 U.S.C. 6103(a) as observed under 6103(b) (Saturday → Friday, Sunday → Monday), ' +
      'Juneteenth from 2021, Inauguration Day (6103(c)) every four years. Computed by ' +
      'scripts/calendars/generate.mjs. Not included: one-off closures by executive order or unscheduled USPTO ' +
      'closures (37 CFR 1.7(a)) — import them as closed days.',
    weekend: [0, 6],
    from: iso(US_FROM, 1, 1),
    to: iso(US_TO, 12, 31),
    closed: [...days].map(([date, [zh, en]]) => [date, zh, en]).sort((a, b) => a[0].localeCompare(b[0])),
    working: [],
  };
}

// ---- JP: national holidays (date-holidays) + the 29 Dec–3 Jan closure -----------------------------
const JP_FROM = 2015;
const JP_TO = 2030;
const JP_NAMES = {
  "New Year's Day": '元日',
  'Coming of Age Day': '成人之日',
  'Foundation Day': '建国纪念日',
  "Emperor's Birthday": '天皇诞辰',
  'Spring Equinox Day': '春分之日',
  'Showa Day': '昭和之日',
  'Constitution Day': '宪法纪念日',
  'Greenery Day': '绿之日',
  "Children's Day": '儿童节',
  'Marine Day': '海之日',
  'Mountain Day': '山之日',
  'Respect-for-the-Aged Day': '敬老之日',
  'Autumnal Equinox Day': '秋分之日',
  'Health and Sports Day': '体育之日',
  'Sports Day': '体育之日',
  'Culture Day': '文化之日',
  'Labor Thanksgiving Day': '勤劳感谢之日',
  "Citizens' Holiday": '国民休息日',
  'Coronation Day': '天皇即位之日',
  'Enthronement Ceremony Day': '即位礼正殿之仪',
};

function japanCalendar() {
  const Holidays = require('date-holidays');
  const version = require('date-holidays/package.json').version;
  const hd = new Holidays('JP');
  const days = new Map();
  for (let y = JP_FROM; y <= JP_TO; y += 1) {
    for (const holiday of hd.getHolidays(y, 'en')) {
      if (holiday.type !== 'public') continue;
      const substitute = holiday.substitute || /\(substitute day\)/.test(holiday.name);
      const raw = holiday.name.replace(/\s*\(substitute day\)/, '');
      // date-holidays calls 1 May 2019 (即位の日) "Coronation Day"; the Act's own English is this.
      const base = raw === 'Coronation Day' ? "Day of the Emperor's Accession" : raw;
      const zh = JP_NAMES[raw];
      if (!zh) throw new Error(`date-holidays: unknown JP holiday name ${holiday.name}`);
      days.set(holiday.date.slice(0, 10), substitute ? [`${zh}（补休）`, `${base} (substitute holiday)`] : [zh, base]);
    }
    // Act on Holidays of Administrative Organs, Art. 1(1)(iii): 29 December to 3 January.
    for (const [m, d] of [
      [1, 2],
      [1, 3],
      [12, 29],
      [12, 30],
      [12, 31],
    ]) {
      const key = iso(y, m, d);
      if (!days.has(key)) days.set(key, ['年末年始休息日', 'Year-end and New Year closure']);
    }
  }
  return {
    office: 'JP',
    constName: 'JP_CLOSURES',
    source:
      'JPO closed days: Patent Act Art. 3(2) and the Act on Holidays of Administrative Organs Art. 1(1) ' +
      '(Saturdays, Sundays, national holidays, 29 Dec–3 Jan). National holidays (Act on National Holidays, ' +
      `incl. substitute and citizens' holidays and the 2019–2021 special dates) generated from date-holidays@${version}; ` +
      'equinox days after 2026 are astronomical forecasts until gazetted. ASSUMPTION: the 29 Dec–3 Jan closure ' +
      'list (patent-rules.md: closed-day list UNVERIFIED). Import corrections as rows.',
    weekend: [0, 6],
    from: iso(JP_FROM, 1, 1),
    to: iso(JP_TO, 12, 31),
    closed: [...days].map(([date, [zh, en]]) => [date, zh, en]).sort((a, b) => a[0].localeCompare(b[0])),
    working: [],
  };
}

// ---- EP / WO: the fixed closing days we are confident of; the rest must be imported ---------------
const EU_FROM = 2015;
const EU_TO = 2030;

/** Gregorian Easter Sunday (the anonymous Meeus/Jones/Butcher computus). */
function easter(year) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

function fixedCalendar(office, constName, source, fixed) {
  const closed = [];
  for (let y = EU_FROM; y <= EU_TO; y += 1) {
    const sunday = easter(y);
    closed.push([isoOf(shift(sunday, -2)), '耶稣受难日', 'Good Friday']);
    closed.push([isoOf(shift(sunday, 1)), '复活节星期一', 'Easter Monday']);
    for (const [m, d, zh, en] of fixed) closed.push([iso(y, m, d), zh, en]);
  }
  closed.sort((a, b) => a[0].localeCompare(b[0]));
  return {
    office,
    constName,
    source,
    weekend: [0, 6],
    from: iso(EU_FROM, 1, 1),
    to: iso(EU_TO, 12, 31),
    closed,
    working: [],
  };
}

function epCalendar() {
  return fixedCalendar(
    'EP',
    'EP_CLOSURES',
    'EPO closing days (EPC r. 134(1): a period ending on a day at least one filing office is closed extends to ' +
      'the next day all are open). INCOMPLETE: only the fixed Munich closing days we are confident of — 1 Jan, ' +
      'Good Friday, Easter Monday, 1 May, 24–26 Dec, 31 Dec (Easter computed). The EPO publishes the full list ' +
      'for all filing offices in its Official Journal each year; it MUST be completed by import. A missing day ' +
      'only makes a computed deadline earlier, never later.',
    [
      [1, 1, '元旦', "New Year's Day"],
      [5, 1, '劳动节', 'Labour Day'],
      [12, 24, '平安夜', 'Christmas Eve'],
      [12, 25, '圣诞节', 'Christmas Day'],
      [12, 26, '圣诞节次日', "St Stephen's Day"],
      [12, 31, '新年前夜', "New Year's Eve"],
    ],
  );
}

function woCalendar() {
  return fixedCalendar(
    'WO',
    'WO_CLOSURES',
    'WIPO (Geneva) closed days (PCT r. 80.5). INCOMPLETE: only 1 Jan, Good Friday, Easter Monday and 25 Dec ' +
      '(Easter computed). WIPO publishes its official holidays yearly (PCT Newsletter); they MUST be completed by ' +
      'import. A missing day only makes a computed deadline earlier, never later.',
    [
      [1, 1, '元旦', "New Year's Day"],
      [12, 25, '圣诞节', 'Christmas Day'],
    ],
  );
}

// ---- output ---------------------------------------------------------------------------------------
function write(calendar) {
  const file = path.join(outDir, `${calendar.office.toLowerCase()}.ts`);
  // Prettier turns the JSON quotes into the repository's single quotes afterwards.
  const rows = calendar.closed.map((row) => `    ${JSON.stringify(row)},`);
  const text = [
    `// ${calendar.office} office calendar data, generated by scripts/calendars/generate.mjs: do not edit by hand,`,
    '// re-run the script (or import rows at run time) to change it. See `source` for where the days come from.',
    "import type { CalendarData } from '../types.js';",
    '',
    `export const ${calendar.constName}: CalendarData = {`,
    `  office: '${calendar.office}',`,
    `  source: ${JSON.stringify(calendar.source)},`,
    `  weekend: ${JSON.stringify(calendar.weekend)},`,
    `  coverage: { from: '${calendar.from}', to: '${calendar.to}' },`,
    '  closed: [',
    ...rows,
    '  ],',
    `  working: [${calendar.working.map((d) => `'${d}'`).join(', ')}],`,
    '};',
    '',
  ].join('\n');
  writeFileSync(file, text);
  console.warn(`${path.relative(root, file)}: ${calendar.closed.length} closed, ${calendar.working.length} working`);
}

for (const calendar of [chinaCalendar(), usCalendar(), japanCalendar(), epCalendar(), woCalendar()]) write(calendar);
