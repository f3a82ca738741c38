// Value formats shared by the field inputs and cells: money with thousands separators, numbers with the
// field's scale, timestamps in local time, cascade paths, and the form values the API takes.
import dayjs from 'dayjs';
import type { Language } from '@ipdesk/core';
import type { SchemaField, SchemaOption } from '../../api/model';
import { isEmptyValue, optionLabel } from '../schema';

/** Decimals shown for money when the field declares none. */
export const MONEY_SCALE = 2;

export function moneyScale(field: Pick<SchemaField, 'scale'>): number {
  return field.scale ?? MONEY_SCALE;
}

/**
 * The text an InputNumber shows for money: thousands separators in the whole part only, so typed
 * decimals are never split ("1234567.891" → "1,234,567.891"); with a scale, exactly that many decimals.
 */
export function formatMoneyInput(value: string | number | undefined, scale?: number): string {
  if (value === undefined || value === '') return '';
  // Not while typing (scale undefined): a shown value gets exactly its decimals, "1234.5" → "1,234.50".
  const number = Number(value);
  const text = scale !== undefined && Number.isFinite(number) ? number.toFixed(scale) : String(value);
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/** Back from the shown text to the number text: separators (and spaces) removed. */
export function parseMoneyInput(text: string | undefined): string {
  return (text ?? '').replace(/[,\s]/g, '');
}

const LOCALES: Record<Language, string> = { 'zh-CN': 'zh-CN', en: 'en-US' };

/** A number for reading: grouped, with exactly `scale` decimals for money, at most `scale` otherwise. */
export function formatNumber(value: number, field: Pick<SchemaField, 'kind' | 'scale'>, language: Language): string {
  const money = field.kind === 'money';
  const scale = money ? moneyScale(field) : (field.scale ?? undefined);
  return new Intl.NumberFormat(LOCALES[language], {
    useGrouping: true,
    minimumFractionDigits: money ? scale : 0,
    maximumFractionDigits: scale ?? 6,
  }).format(value);
}

export function formatTimestamp(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
}

export interface CascadeOption {
  value: string;
  label: string;
  disabled?: boolean;
  children?: CascadeOption[];
}

/** The dictionary's options as a tree by their parent keys; without parents, a single level. */
export function cascadeOptions(options: readonly SchemaOption[] | null): CascadeOption[] {
  const nodes = new Map<string, CascadeOption>();
  for (const option of options ?? []) {
    nodes.set(option.value, { value: option.value, label: option.label, ...(option.disabled && { disabled: true }) });
  }
  const roots: CascadeOption[] = [];
  for (const option of options ?? []) {
    const node = nodes.get(option.value) as CascadeOption;
    const parent = option.parent ? nodes.get(option.parent) : undefined;
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** A value as a list: multiple fields hold arrays, single ones one value. */
export function valuesOf(value: unknown): unknown[] {
  if (isEmptyValue(value)) return [];
  return Array.isArray(value) ? value : [value];
}

/** Option labels of a (possibly multiple) option value. */
export function optionLabels(field: SchemaField, value: unknown): string[] {
  return valuesOf(value).map((item) => optionLabel(field, item));
}

/** What the API takes for a form value: empty texts and lists become null; texts are kept as typed. */
export function apiValue(value: unknown): unknown {
  return isEmptyValue(value) ? null : value;
}
