// The checks a model's docket declaration (ModelDeclaration.docket, core docket/) passes when it is declared:
// each named date is a declared single date field, the calendar office a declared single field (or an
// office code), each rule counts from a named date, and its `when` names declared single fields. defineModel
// refuses a declaration with any problem, naming the model, the rule and the field.
import type { DocketDeclaration } from '../docket/types.js';
import { KIND_SPECS } from './field-kinds.js';
import type { FieldDeclaration } from './define.js';

const NAME = /^[a-z][a-z0-9_]{0,47}$/;
const RULE_CODE = /^[A-Z0-9][A-Z0-9_.-]{0,63}$/;
// Fields a rule's `when` and the calendar office read as one text value.
const TEXT_LIKE = new Set(['string', 'key', 'boolean']);

function periodProblem(period: { years?: number; months?: number; days?: number }): boolean {
  return [period.years, period.months, period.days].some((n) => n !== undefined && !Number.isInteger(n));
}

/** Everything wrong with a docket declaration on these fields (empty when it is sound). */
export function docketProblems(
  docket: DocketDeclaration,
  fields: Readonly<Record<string, FieldDeclaration>>,
): string[] {
  const problems: string[] = [];
  const declared = (name: string) => (Object.hasOwn(fields, name) ? fields[name] : undefined);
  for (const [name, fieldName] of Object.entries(docket.dates)) {
    if (!NAME.test(name)) problems.push(`docket date name ${name} is not snake_case`);
    const f = declared(fieldName);
    if (!f) problems.push(`docket date ${name}: field ${fieldName} is not declared`);
    else if (KIND_SPECS[f.kind].dataType !== 'date' || f.multiple)
      problems.push(`docket date ${name}: field ${fieldName} is not a single date field`);
  }
  const office = docket.calendarOffice;
  if ('field' in office) {
    const f = declared(office.field);
    if (!f || f.multiple || !TEXT_LIKE.has(KIND_SPECS[f.kind].dataType))
      problems.push(`docket calendar office field ${office.field} is not a declared single text or option field`);
  } else if (!/^[A-Z]{2}$/.test(office.office))
    problems.push(`docket calendar office ${office.office} is not an office code`);
  if (!NAME.test(docket.deadlineModel))
    problems.push(`docket deadline model ${docket.deadlineModel} is not a model name`);
  const codes = new Set<string>();
  for (const rule of docket.rules) {
    const where = `docket rule ${rule.code}`;
    if (!RULE_CODE.test(rule.code)) problems.push(`${where}: the code is not upper-case letters, digits and dashes`);
    if (codes.has(rule.code)) problems.push(`${where}: declared twice`);
    codes.add(rule.code);
    if (!Object.hasOwn(docket.dates, rule.trigger.date))
      problems.push(`${where}: trigger date ${rule.trigger.date} is not one of the docket's dates`);
    for (const period of [rule.offset, rule.opensAfter, rule.opensBefore])
      if (period && periodProblem(period)) problems.push(`${where}: periods are whole years, months and days`);
    if (rule.opensAfter && rule.opensBefore)
      problems.push(`${where}: a window opens after its start or before its end, not both`);
    for (const [name, values] of Object.entries(rule.when ?? {})) {
      const f = declared(name);
      if (!f || f.multiple || !TEXT_LIKE.has(KIND_SPECS[f.kind].dataType))
        problems.push(`${where}: when field ${name} is not a declared single text or option field`);
      if (values.length === 0) problems.push(`${where}: when field ${name} lists no values`);
    }
  }
  return problems;
}
