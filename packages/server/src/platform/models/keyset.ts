// Keyset pages: a search's order as SQL, the opaque cursor (the last row's sort values as the columns'
// own text, then its sid) and the condition "after that row" in the same order, empty values included.
// A cursor comes back from the client, so every value is checked against its column's type before it
// reaches SQL: a tampered one is a 400 (cursorInvalid), never a database error.
import { AppError, isCalendarDate } from '@ipdesk/core';
import type { CompiledOrder } from './iql-compile.js';
import type { SqlParams } from './sql-params.js';

/** Empty values sort as the smallest: first going up, last going down (the sort indexes' order). */
export function orderSuffix(o: CompiledOrder): string {
  if (o.notNull) return o.direction.toUpperCase();
  return o.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
}

/** The sid breaks ties in the first term's direction, so every order is one direction of an index. */
export function tieBreak(orderBy: CompiledOrder[]): 'ASC' | 'DESC' {
  return orderBy[0]?.direction === 'asc' ? 'ASC' : 'DESC';
}

/** ORDER BY of a search: its terms, then the sid. */
export function orderClause(orderBy: CompiledOrder[]): string {
  return [...orderBy.map((o) => `${o.sql} ${orderSuffix(o)}`), `t.sid ${tieBreak(orderBy)}`].join(', ');
}

/** The select-list additions that read each sort value as text, for the next cursor. */
export function cursorKeys(orderBy: CompiledOrder[]): string {
  return orderBy.map((o, i) => `, (${o.sql})::text AS __k${i}`).join('');
}

/** The next cursor from the last row of a page (which still carries its __k columns), and strips them. */
export function takeCursor(orderBy: CompiledOrder[], rows: Array<Record<string, unknown>>, more: boolean) {
  const last = rows.at(-1);
  const values = more && last ? [...orderBy.map((_o, i) => keyText(last[`__k${i}`])), String(last.sid)] : undefined;
  for (const row of rows) for (let i = 0; i < orderBy.length; i++) delete row[`__k${i}`];
  return values && Buffer.from(JSON.stringify(values)).toString('base64url');
}

function keyText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

// The text forms PostgreSQL prints for each sort type (DateStyle ISO); anything else is not a cursor of ours.
const TEXT_FORMS: Record<string, RegExp> = {
  bigint: /^-?\d{1,18}$/,
  numeric: /^-?\d{1,40}(\.\d{1,20})?$/,
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  timestamptz: /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  boolean: /^(true|false)$/,
};

function validText(sqlType: string, text: string): boolean {
  const form = TEXT_FORMS[sqlType];
  if (!form) return true;
  const match = form.exec(text);
  if (!match) return false;
  if (sqlType !== 'date' && sqlType !== 'timestamptz') return true;
  // 2026-02-30 has the form but is no day: PostgreSQL would refuse the cast (the one date parser says so).
  return isCalendarDate(`${match[1]}-${match[2]}-${match[3]}`);
}

/** The cursor's values, one per order term (null for an empty one) and the sid; cursorInvalid otherwise. */
export function decodeCursor(cursor: string, orderBy: CompiledOrder[]): Array<string | null> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('cursorInvalid');
  }
  const fits =
    Array.isArray(values) &&
    values.length === orderBy.length + 1 &&
    typeof values[orderBy.length] === 'string' &&
    orderBy.every((o, i) => {
      const v: unknown = values[i];
      return v === null ? !o.notNull : typeof v === 'string' && validText(o.sqlType, v);
    });
  if (!fits) throw new AppError('cursorInvalid');
  return values as Array<string | null>;
}

/** The rows after the cursor's row in the query's order, as one boolean expression. */
export function afterCursor(orderBy: CompiledOrder[], values: Array<string | null>, params: SqlParams): string {
  const sid: CompiledOrder = {
    sql: 't.sid',
    sqlType: 'text',
    direction: tieBreak(orderBy) === 'ASC' ? 'asc' : 'desc',
    field: 'sid',
    notNull: true,
  };
  const terms = [...orderBy, sid];
  // The cursor holds each value as the column's own text form, so the cast back is exact
  // (timestamps keep their microseconds).
  const typed = terms.map((term, i) =>
    values[i] === null ? 'NULL' : `CAST(${params.add(values[i])}::text AS ${term.sqlType})`,
  );
  const direction = terms[0]!.direction;
  const oneDirection = terms.every((term) => term.direction === direction);
  // A row comparison walks the sort index as one range. It is exact when no term can be empty, and going
  // up when no cursor value is: an empty value then sorts before the cursor's and compares as not after it.
  if (
    oneDirection &&
    (terms.every((term) => term.notNull) || (direction === 'asc' && values.every((v) => v !== null)))
  ) {
    return `(${terms.map((t) => t.sql).join(', ')}) ${direction === 'desc' ? '<' : '>'} (${typed.join(', ')})`;
  }
  // Otherwise term by term: equal on every earlier term, beyond on this one.
  const alternatives: string[] = [];
  for (let i = 0; i < terms.length; i++) {
    const beyond = beyondValue(terms[i]!, typed[i]!, values[i] === null);
    if (!beyond) continue;
    const equal = terms
      .slice(0, i)
      .map((prior, j) => (values[j] === null ? `${prior.sql} IS NULL` : `${prior.sql} = ${typed[j]}`));
    alternatives.push(`(${[...equal, beyond].join(' AND ')})`);
  }
  return alternatives.length ? `(${alternatives.join(' OR ')})` : 'FALSE';
}

/** Values of one term that sort after the cursor's; undefined when none can (an empty value going down). */
function beyondValue(term: CompiledOrder, typed: string, empty: boolean): string | undefined {
  if (term.direction === 'asc') return empty ? `${term.sql} IS NOT NULL` : `${term.sql} > ${typed}`;
  if (empty) return undefined;
  return term.notNull ? `${term.sql} < ${typed}` : `(${term.sql} < ${typed} OR ${term.sql} IS NULL)`;
}
