// Titles of the deadlines and fees the rules generate, in the reader's language. A generated row keeps
// its rule key (patent_task.rule_code; fee.fee_rule, else its fee type fee_code) and parameter (the
// patent year), and every output renders the title from them: lists, details, exports, iCalendar.
// The stored title column holds both languages ("年费 / Annuity"), so a title search finds a row in
// either language and anything that shows the column raw still shows both (docs/adr/0007).
import { labelIn, type Label } from '../../models/define.js';
import type { Language } from '../../i18n/index.js';
import { RULE_PACKS } from './deadlines/packs/index.js';
import { FEE_PACKS } from './fees/packs/index.js';

/** The title column's length (patent_task.title, fee.title). */
const TITLE_MAX = 255;

const DEADLINE_LABELS: ReadonlyMap<string, Label> = new Map(
  RULE_PACKS.flatMap((pack) => pack.rules.map((rule) => [rule.code, rule.label] as const)),
);

// Rule labels first ("发明专利第{n}年度年费"); a fee type's label ("年费") when only the type is known.
// One-off official fees have no year: their labels have no {n}.
const FEE_LABELS: ReadonlyMap<string, Label> = new Map([
  ...FEE_PACKS.flatMap((pack) => pack.feeTypes.map((type) => [type.code, yearLabel(type.label)] as const)),
  ...FEE_PACKS.flatMap((pack) => pack.rules.map((rule) => [rule.code, rule.label] as const)),
  ...FEE_PACKS.flatMap((pack) => (pack.officialFees ?? []).map((rule) => [rule.code, rule.label] as const)),
]);

/** A fee type's label with the year, where the rule's own label is not known. */
function yearLabel(label: Label): Label {
  return { zh: `${label.zh}（第{n}年度）`, en: `${label.en}, year {n}` };
}

function fill(text: string, year: unknown): string {
  return typeof year === 'number' || typeof year === 'string'
    ? text.replace('{n}', String(year))
    : text.replace('{n}', '');
}

export function deadlineRuleLabel(code: string): Label | undefined {
  return DEADLINE_LABELS.get(code);
}

/** A fee rule's label ('{n}' for the patent year), else its fee type's. */
export function feeRuleLabel(code: string): Label | undefined {
  return FEE_LABELS.get(code);
}

/** The stored (searchable) title of a generated row: both languages, the year filled in. */
export function storedTitle(label: Label, year?: number): string {
  const zh = fill(label.zh, year);
  const en = fill(label.en, year);
  return (zh === en ? zh : `${zh} / ${en}`).slice(0, TITLE_MAX);
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** patent_task (ModelDeclaration.localize): a rule deadline's title in the reader's language. */
export function localizeDeadlineRow(
  row: Readonly<Record<string, unknown>>,
  language: Language,
): Record<string, unknown> {
  const code = textOf(row.rule_code);
  const label = code ? DEADLINE_LABELS.get(code) : undefined;
  return label ? { title: labelIn(label, language) } : {};
}

/** fee (ModelDeclaration.localize): a generated fee's title in the reader's language, with its year. */
export function localizeFeeRow(row: Readonly<Record<string, unknown>>, language: Language): Record<string, unknown> {
  const code = textOf(row.fee_rule) ?? textOf(row.fee_code);
  const label = code ? FEE_LABELS.get(code) : undefined;
  return label ? { title: fill(labelIn(label, language), row.patent_year) } : {};
}
