// The inventors table while it is edited: rows as the inputs hold them (shares as typed text), the
// running sum, and what is wrong with them in the user's words, by the same core check the server runs.
import {
  checkContributions,
  contributionHundredths,
  contributionSum,
  formatHundredths,
  INVENTOR_NAME_MAX_LENGTH,
  type InventorProblem,
  type MessageKey,
} from '@ipdesk/core';
import { characterCount } from '../../../components/length-limit';
import type { Inventor, InventorDraft } from './api';

export interface DraftRow {
  /** A stable React key for the row while rows are added and removed. */
  key: string;
  name: string;
  contribution: string;
  person_sid: string | null;
}

let nextKey = 0;
const newKey = (): string => `row${++nextKey}`;

export function emptyRow(): DraftRow {
  return { key: newKey(), name: '', contribution: '', person_sid: null };
}

export function toDraft(inventors: readonly Inventor[]): DraftRow[] {
  return inventors.map((inventor) => ({
    key: newKey(),
    name: inventor.name,
    contribution: formatHundredths(Math.round(inventor.contribution * 100)),
    person_sid: inventor.person_sid,
  }));
}

/** The rows as the API takes them (only once they pass the check: shares are then numbers). */
export function toInput(rows: readonly DraftRow[]): InventorDraft[] {
  return rows.map((row) => ({
    name: row.name.trim(),
    contribution: (contributionHundredths(row.contribution) ?? 0) / 100,
    person_sid: row.person_sid,
  }));
}

/** The sum of the shares typed so far, as people write it ("99.99"). */
export function sumText(rows: readonly DraftRow[]): string {
  return formatHundredths(contributionSum(rows));
}

/** The core check's problems, and a name over the limit (the input counts it instead of cutting it). */
export type DraftProblem = InventorProblem | { code: 'nameTooLong'; index: number };

export function draftProblems(rows: readonly DraftRow[]): DraftProblem[] {
  const tooLong = rows.flatMap((row, index) =>
    characterCount(row.name.trim()) > INVENTOR_NAME_MAX_LENGTH ? [{ code: 'nameTooLong' as const, index }] : [],
  );
  return [...checkContributions(rows), ...tooLong];
}

const ROW_TEXT: Record<Exclude<DraftProblem['code'], 'sumNot100'>, MessageKey> = {
  nameRequired: 'inventors.nameRequired',
  nameTooLong: 'inventors.nameTooLong',
  contributionRange: 'inventors.contributionRange',
  contributionDecimals: 'inventors.contributionDecimals',
  duplicatePerson: 'inventors.duplicatePerson',
};

/** A problem as an i18n key and its parameters (rows counted from 1, as the table shows them). */
export function problemText(problem: DraftProblem): { key: MessageKey; params: Record<string, string | number> } {
  if (problem.code === 'sumNot100') return { key: 'inventors.sumInvalid', params: { sum: problem.sum } };
  if (problem.code === 'nameTooLong')
    return { key: ROW_TEXT[problem.code], params: { row: problem.index + 1, max: INVENTOR_NAME_MAX_LENGTH } };
  return { key: ROW_TEXT[problem.code], params: { row: problem.index + 1 } };
}

/** Whether the rows differ from the stored list (nothing to save otherwise). */
export function isChanged(rows: readonly DraftRow[], stored: readonly Inventor[]): boolean {
  const now = JSON.stringify(rows.map((r) => [r.name.trim(), contributionHundredths(r.contribution), r.person_sid]));
  const then = JSON.stringify(stored.map((i) => [i.name, Math.round(i.contribution * 100), i.person_sid]));
  return now !== then;
}
