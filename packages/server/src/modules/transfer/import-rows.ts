// From sheet rows to model values: the header row maps each column to one field by its exact name or
// label (never by position or a guess: unknown, repeated or merged headers are refused by column), and
// each data row becomes the values the model's checks accept, or errors naming row, column and field.
// Rows that hold nothing but blanks are not data rows.
import { isAppError, translate, type Language, labelIn } from '@ipdesk/core';
import type { ResolvedField, ResolvedModel } from '../../platform/models/registry.js';
import { checkValues } from '../../platform/models/values.js';
import { importCell, type OptionLabels } from './cells.js';
import { columnLetter, isCellProblem, type SheetCell, type SheetRow } from './sheet-reader.js';

export interface ImportError {
  row: number;
  /** The column's letters (A, B, …), empty when the row as a whole is meant. */
  column: string;
  field: string;
  label: string;
  message: string;
}

export interface ColumnMap {
  /** Field by column number. */
  fields: Array<ResolvedField | undefined>;
  /** Columns of fields an import does not fill (ID, expiry date, …, as an export writes them): skipped. */
  skipped: Set<number>;
  /** Column number by field name. */
  columnOf: Map<string, number>;
}

function headerField(fields: ResolvedField[], header: string): ResolvedField | undefined {
  const text = header.replace(/^\*/, '').trim().toLowerCase();
  return fields.find(
    (f) => f.name.toLowerCase() === text || f.label.zh.toLowerCase() === text || f.label.en.toLowerCase() === text,
  );
}

const isBlank = (cell: SheetCell | undefined) =>
  cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');

export const isBlankRow = (row: SheetRow) => row.cells.every(isBlank);

/** The header row (row 1) as a column map, or the errors that make it unusable. */
export function mapHeader(
  header: SheetRow | undefined,
  fields: ResolvedField[],
  otherFields: ResolvedField[],
  merged: string[],
  language: Language,
): { map: ColumnMap } | { errors: ImportError[] } {
  const errors: ImportError[] = [];
  const rowError = (column: string, message: string) =>
    errors.push({ row: 1, column, field: '', label: column, message });
  if (!header || header.number !== 1 || isBlankRow(header)) {
    rowError('', translate(language, 'import.noHeader'));
    return { errors };
  }
  // A merged header cell stands over several columns: which of them holds the field is a guess.
  for (const range of merged) {
    const [from, to = from] = range.split(':');
    const rows = [from, to].map((ref) => Number(/\d+/.exec(ref!)![0]));
    if (rows[0]! <= 1 && rows[1]! >= 1)
      rowError(from!.replace(/\d+/, ''), translate(language, 'import.mergedHeader', { range }));
  }
  const map: ColumnMap = { fields: [], skipped: new Set(), columnOf: new Map() };
  header.cells.forEach((cell, column) => {
    if (isBlank(cell)) return;
    const letter = columnLetter(column);
    const text = isCellProblem(cell)
      ? ''
      : cell instanceof Date
        ? cell.toISOString().slice(0, 10)
        : String(cell).trim();
    const field = text ? headerField(fields, text) : undefined;
    if (!field && text && headerField(otherFields, text)) {
      map.skipped.add(column);
      return;
    }
    if (!field) {
      rowError(letter, translate(language, 'import.unknownColumn', { column: (text || '=').slice(0, 60) }));
      return;
    }
    const first = map.columnOf.get(field.name);
    if (first !== undefined) {
      rowError(letter, translate(language, 'import.repeatedColumn', { column: columnLetter(first), label: text }));
      return;
    }
    map.fields[column] = field;
    map.columnOf.set(field.name, column);
  });
  return errors.length ? { errors } : { map };
}

export interface RowChecker {
  /** The row's values for the model, or its errors (values undefined). */
  check(row: SheetRow): { values?: Map<string, unknown>; errors: ImportError[] };
  errorFor(row: number, field: ResolvedField, message: string): ImportError;
}

export function rowChecker(
  model: ResolvedModel,
  map: ColumnMap,
  options: Map<string, OptionLabels>,
  dictionaries: Parameters<typeof checkValues>[4],
  language: Language,
): RowChecker {
  const errorFor = (row: number, field: ResolvedField, message: string): ImportError => {
    const column = map.columnOf.get(field.name);
    return {
      row,
      column: column === undefined ? '' : columnLetter(column),
      field: field.name,
      label: labelIn(field.label, language),
      message,
    };
  };
  return {
    errorFor,
    check(row) {
      const errors: ImportError[] = [];
      const data: Record<string, unknown> = {};
      row.cells.forEach((cell, column) => {
        const field = map.fields[column];
        if (map.skipped.has(column)) return;
        if (!field) {
          // A value under no header belongs to no field: refusing it beats dropping it unseen.
          if (!isBlank(cell))
            errors.push({
              row: row.number,
              column: columnLetter(column),
              field: '',
              label: columnLetter(column),
              message: translate(language, 'import.valueWithoutHeader'),
            });
          return;
        }
        if (isCellProblem(cell)) {
          errors.push(
            errorFor(
              row.number,
              field,
              cell.problem === 'formulaWithoutValue'
                ? translate(language, 'import.formulaWithoutValue')
                : cell.problem === 'errorValue'
                  ? translate(language, 'import.cellErrorValue', { value: cell.value.slice(0, 20) })
                  : translate(language, `import.${cell.problem}`, { value: cell.value.slice(0, 60) }),
            ),
          );
          return;
        }
        const dictionary = field.declaration?.dictionary;
        data[field.name] = importCell(
          field.dataType,
          field.multiple,
          cell,
          dictionary ? options.get(dictionary) : undefined,
        );
      });
      if (errors.length) return { errors };
      try {
        return { values: checkValues(model, data, 'create', language, dictionaries).values, errors };
      } catch (error) {
        if (!isAppError(error)) throw error;
        for (const f of error.fieldsIn((key, params) => translate(language, key, params))) {
          const field = model.fields.get(f.field);
          errors.push(
            field
              ? errorFor(row.number, field, f.message)
              : { row: row.number, column: '', field: f.field, label: f.label, message: f.message },
          );
        }
        return { errors };
      }
    },
  };
}
