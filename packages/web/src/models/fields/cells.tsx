// Field kind → how a value reads in a table cell, a detail page or the history, as an exhaustive Record
// (a kind added to core without a renderer here fails type-checking). Option values read as their
// labels, money with two decimals and separators, timestamps in local time.
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { CSSProperties, ReactNode } from 'react';
import { asMoney, formatMoney, type FieldKind, type Language } from '@ipdesk/core';
import type { FieldFiles, ReferenceTitles, SchemaField } from '../../api/model';
import { EMPTY_VALUE, isEmptyValue, optionLabel } from '../schema';
import { DepartmentNames } from './DepartmentNames';
import { FieldFileCount, FieldFileList } from './FieldFiles';
import { UserNames } from './UserNames';
import { cascadeOptions, formatNumber, formatTimestamp, optionLabels, valuesOf, type CascadeOption } from './format';

export interface CellContext {
  t: TFunction;
  language: Language;
  /** 'table': one line, long texts cut; 'detail': everything, line breaks kept. */
  variant: 'table' | 'detail';
  /**
   * The titles the answer being shown carried for its references (a page, a record, a history): every
   * reference on it reads from these, so a page costs no request per row. Absent where the data came
   * without them; references then show their IDs.
   */
  titles?: ReferenceTitles;
  /** The files the answer described for its file fields (names, thumbnails); absent, their IDs show. */
  files?: FieldFiles;
}

export type CellRenderer = (value: unknown, field: SchemaField, context: CellContext) => ReactNode;

/**
 * One line in a table, cut by CSS with the whole text as the native tooltip. antd's measured ellipsis (with its
 * own tooltip) read every cell's size after rendering it, a forced layout per cell: ~0.2 s of drawing a list's
 * first page (docs/benchmarks.md, "Drawing a list's rows").
 */
const ONE_LINE: CSSProperties = {
  display: 'inline-block',
  maxWidth: 320,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

/** A text; a multiple one (applicants, IPC classes) as its values joined by the list separator. */
const text: CellRenderer = (value, _field, { t, variant }) => {
  const shown = valuesOf(value).map(String).join(t('model.listSeparator'));
  return variant === 'table' ? (
    <span style={ONE_LINE} title={shown}>
      {shown}
    </span>
  ) : (
    <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{shown}</span>
  );
};

const number: CellRenderer = (value, field, { t, language }) =>
  valuesOf(value)
    .map((item) => (typeof item === 'number' ? formatNumber(item, field, language) : String(item)))
    .join(t('model.listSeparator'));

/** An amount in its currency, in the reader's language (core formatMoney: ¥1,234.50 / CN¥1,234.50). */
const currencyAmount: CellRenderer = (value, _field, { language }) => {
  const money = asMoney(value);
  return money ? formatMoney(money, language) : String(value);
};

const date: CellRenderer = (value, _field, { t }) => valuesOf(value).map(String).join(t('model.listSeparator'));

const timestamp: CellRenderer = (value, _field, { t }) =>
  valuesOf(value)
    .map((item) => formatTimestamp(String(item)))
    .join(t('model.listSeparator'));

const boolean: CellRenderer = (value, _field, { t }) => (value === true ? t('model.yes') : t('model.no'));

const option: CellRenderer = (value, field, { t }) => optionLabels(field, value).join(t('model.listSeparator'));

/** A cascade value is a path of keys: each step's label, joined with " / ". */
const cascade: CellRenderer = (value, field) => {
  let level: CascadeOption[] | undefined = cascadeOptions(field.options);
  return valuesOf(value)
    .map((key) => {
      const node: CascadeOption | undefined = level?.find((candidate) => candidate.value === String(key));
      level = node?.children;
      return node?.label ?? optionLabel(field, key);
    })
    .join(' / ');
};

/**
 * References read as the linked records' titles from the answer ("CN-2026-001 锂电池" for a case); one the
 * caller may not see reads "—". Without titles from the server (data that came without them), the IDs.
 */
const reference: CellRenderer = (value, field, { t, titles }) => {
  const sids = valuesOf(value).map(String);
  const known = field.target ? titles?.[field.target] : undefined;
  if (!known) return <Typography.Text code>{sids.join(t('model.listSeparator'))}</Typography.Text>;
  return (
    <span data-testid="reference-title">
      {sids.map((sid) => (Object.hasOwn(known, sid) ? known[sid] : null) ?? EMPTY_VALUE).join(t('model.listSeparator'))}
    </span>
  );
};

/** Departments by their names (the tree is read once per sign-in); an unknown one by its ID. */
const department: CellRenderer = (value, _field, { t }) => (
  <DepartmentNames sids={valuesOf(value).map(String)} separator={t('model.listSeparator')} />
);

/**
 * Users by their names (one call for a page's users), or by their sign-in accounts where the field is
 * the account (a person's login account); an unknown one by its ID.
 */
const user: CellRenderer = (value, field, { t }) => (
  <UserNames
    sids={valuesOf(value).map(String)}
    separator={t('model.listSeparator')}
    show={field.user_display === 'account' ? 'account' : 'name'}
  />
);

/** Design samples and figures: a count with the first thumbnail in a list, every thumbnail in a detail. */
const files: CellRenderer = (value, _field, { t, variant, files: described }) => {
  const sids = valuesOf(value).map(String);
  if (!described) return sids.join(t('model.listSeparator'));
  return variant === 'table' ? (
    <FieldFileCount sids={sids} files={described} />
  ) : (
    <FieldFileList sids={sids} files={described} />
  );
};

export const FIELD_CELLS: Record<FieldKind, CellRenderer> = {
  text,
  longText: text,
  number,
  money: number,
  currencyAmount,
  date,
  timestamp,
  boolean,
  option,
  cascade,
  productCategory: reference,
  technologyCategory: reference,
  techTerritory: option,
  patternType: option,
  user,
  organization: department,
  applicant: reference,
  agent: reference,
  agency: reference,
  expert: reference,
  company: reference,
  virtualOrg: reference,
  project: reference,
  parent: reference,
  invoice: reference,
  designSample: files,
  figure: files,
};

/** A field's value for reading; a dash when empty. Booleans read "no" when false, not empty. */
export function renderValue(value: unknown, field: SchemaField, context: CellContext): ReactNode {
  if (isEmptyValue(value)) return EMPTY_VALUE;
  // A kind this build does not know yet (a newer server) reads as text.
  const render = (FIELD_CELLS as Partial<Record<string, CellRenderer>>)[field.kind] ?? text;
  return render(value, field, context);
}
