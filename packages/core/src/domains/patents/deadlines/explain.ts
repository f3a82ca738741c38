// A deadline explains itself from its stored basis alone, in Chinese or English: where it counts from,
// the period, the raw end, the roll-forward over closed days (naming holidays), a warning when the
// calendar did not cover the year, and the rule with its legal source.
import type { Language } from '../../../i18n/index.js';
import { labelIn, type Label } from '../../../models/define.js';
import { weekday, type IsoDate, type Period } from '../period.js';
import { eventLabel } from './events.js';
import type { BaseKind, DeadlineBasis, PatentBaseKind } from './types.js';

const WEEKDAYS: Record<Language, readonly string[]> = {
  'zh-CN': ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

const BASE_NAMES: Record<PatentBaseKind, Label> = {
  filing: { zh: '申请日', en: 'filing date' },
  priority: { zh: '优先权日', en: 'priority date' },
  international_filing: { zh: '国际申请日', en: 'international filing date' },
  grant: { zh: '授权日', en: 'grant date' },
};

const text = (label: Label, language: Language): string => labelIn(label, language);
const dayName = (date: IsoDate, language: Language): string => WEEKDAYS[language][weekday(date)] ?? '';

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** A period as people write it: "36个月" / "36 months", "2个月+15日" / "2 months + 15 days". */
export function formatOffset(offset: Period, language: Language): string {
  const parts: string[] = [];
  // A negative part is written as a subtraction ("20 years − 1 day": a term's last day).
  const unit = (n: number | undefined, zh: string, one: string, many: string) => {
    if (!n) return;
    const size = Math.abs(n);
    const written = language === 'en' ? `${size} ${size === 1 ? one : many}` : `${size}${zh}`;
    parts.push(n < 0 ? `− ${written}` : written);
  };
  unit(offset.years, '年', 'year', 'years');
  unit(offset.months, '个月', 'month', 'months');
  unit(offset.days, '日', 'day', 'days');
  if (parts.length === 0) parts.push(language === 'en' ? '0 days' : '0日');
  const joined = parts
    .map((part, i) =>
      i === 0 ? part : part.startsWith('− ') ? ` ${part}` : `${language === 'en' ? ' + ' : '+'}${part}`,
    )
    .join('')
    .replace(/^− /, '−');
  if (!offset.endOfMonth) return joined;
  return language === 'en' ? `${joined} to the month end` : `${joined}（至月末）`;
}

interface Start {
  baseKind: BaseKind;
  baseLabel?: Label;
  baseEvent?: string;
  baseSequence?: number;
  baseDate: IsoDate;
  offset: Period;
}

function startText(start: Start, language: Language): string {
  let name: string;
  if (start.baseKind.startsWith('date:')) {
    // A model's declared date (docket/): its field label, else the date's name.
    name = start.baseLabel ? text(start.baseLabel, language) : start.baseKind.slice('date:'.length);
  } else if (start.baseKind !== 'event') name = text(BASE_NAMES[start.baseKind as PatentBaseKind], language);
  else {
    const label = text(eventLabel(start.baseEvent ?? ''), language);
    const n = start.baseSequence;
    if (n === undefined) name = label;
    else name = language === 'en' ? `${label} (${ordinal(n)})` : `第${n}次${label}`;
  }
  return `${name} ${start.baseDate} + ${formatOffset(start.offset, language)}`;
}

function distinctNames(basis: DeadlineBasis, language: Language): string[] {
  const names: string[] = [];
  for (const day of basis.skipped) {
    const name = day.name ? text(day.name, language) : undefined;
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The explanation of a stored deadline, e.g. "filing date 2023-03-14 + 36 months = 2026-03-14 (Saturday) → …". */
export function explainDeadline(basis: DeadlineBasis, language: Language): string {
  const en = language === 'en';
  const open = en ? ' (' : '（';
  const close = en ? ')' : '）';
  const comma = en ? ', ' : '，';
  const semi = en ? '; ' : '；';

  // Where it counts from: one period, or the later of several.
  let out: string;
  const candidates = basis.candidates;
  if (candidates && candidates.length > 1) {
    const each = candidates.map((c) => `${startText(c, language)} = ${c.date}`).join(semi);
    out = en ? `later of [${each}] = ${basis.unadjustedDate}` : `取较晚者［${each}］= ${basis.unadjustedDate}`;
  } else out = `${startText(basis, language)} = ${basis.unadjustedDate}`;

  // The raw end: its weekday, the holiday it fell on, and whether rolling applies at all.
  const first = basis.skipped[0];
  const notes = [dayName(basis.unadjustedDate, language)];
  if (first && first.date === basis.unadjustedDate && first.name) notes.push(text(first.name, language));
  if (!basis.rolled) notes.push(en ? 'not moved to a working day' : '不顺延');
  if (basis.dueOnWorkingWeekend && basis.dueDate === basis.unadjustedDate) {
    notes.push(en ? 'official working day' : '调休工作日');
  }
  out += `${open}${notes.join(comma)}${close}`;

  // The roll-forward, naming any further holidays passed over.
  if (basis.dueDate !== basis.unadjustedDate) {
    const due = [dayName(basis.dueDate, language), en ? 'first working day' : '顺延至首个工作日'];
    if (basis.dueOnWorkingWeekend) due.push(en ? 'official working day' : '调休工作日');
    const firstName = first?.name ? text(first.name, language) : undefined;
    const others = distinctNames(basis, language).filter((name) => name !== firstName);
    let tail = '';
    if (others.length > 0) tail = en ? `; also closed: ${others.join(', ')}` : `；期间另有：${others.join('、')}`;
    out += `${en ? ' → ' : '→ '}${basis.dueDate}${open}${due.join(comma)}${tail}${close}`;
  }

  if (!basis.calendarCovered) {
    const year = basis.unadjustedDate.slice(0, 4);
    out += en
      ? `; note: the ${basis.calendarOffice} calendar does not cover ${year}, only weekends were considered`
      : `；注意：${basis.calendarOffice}工作日历未覆盖${year}年，仅按周末顺延`;
  }

  out += en ? `; rule ${basis.ruleCode} (${basis.citation.en})` : `；规则 ${basis.ruleCode}（${basis.citation.zh}）`;
  return out;
}

/** Only the stored fields of a computed deadline (what the server keeps as JSONB). */
export function toBasis(d: DeadlineBasis): DeadlineBasis {
  const basis: DeadlineBasis = {
    ruleCode: d.ruleCode,
    packVersion: d.packVersion,
    calendarOffice: d.calendarOffice,
    baseKind: d.baseKind,
    baseDate: d.baseDate,
    offset: d.offset,
    unadjustedDate: d.unadjustedDate,
    dueDate: d.dueDate,
    rolled: d.rolled,
    skipped: d.skipped,
    calendarCovered: d.calendarCovered,
    citation: d.citation,
    source: d.source,
  };
  if (d.baseLabel !== undefined) basis.baseLabel = d.baseLabel;
  if (d.baseEvent !== undefined) basis.baseEvent = d.baseEvent;
  if (d.baseSequence !== undefined) basis.baseSequence = d.baseSequence;
  if (d.candidates !== undefined) basis.candidates = d.candidates;
  if (d.dueOnWorkingWeekend !== undefined) basis.dueOnWorkingWeekend = d.dueOnWorkingWeekend;
  if (d.opensOn !== undefined) basis.opensOn = d.opensOn;
  return basis;
}
