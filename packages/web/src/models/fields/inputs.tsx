// Field kind → form input, as an exhaustive Record: a kind added to core's FIELD_KINDS without an input
// here fails type-checking. Every input takes and gives the API's value format (see ./types), so a form's
// values are what do/create and do/update take.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Cascader, DatePicker, Flex, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MONEY_CURRENCIES, asMoney, type FieldKind } from '@ipdesk/core';
import type { SchemaField } from '../../api/model';
import { characterCount, lengthCount } from '../../components/length-limit';
import { cascadeOptions, formatMoneyInput, moneyScale, parseMoneyInput, valuesOf } from './format';
import { FieldFilesInput } from './FieldFilesInput';
import { DepartmentPicker } from './pickers/DepartmentPicker';
import { CategoryPicker } from './pickers/CategoryPicker';
import { CompanyPicker } from './pickers/CompanyPicker';
import { RefPicker } from './pickers/RefPicker';
import { UserPicker } from './pickers/UserPicker';
import type { FieldInputProps } from './types';

const fullWidth = { width: '100%' } as const;

function TextInput({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  return (
    <Input
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange?.(event.target.value)}
      // Spec §9: "Default fields are shown as count/max". Never cut: an over-long value stays as typed
      // and the form refuses it with the length message.
      count={field.max_length !== null ? lengthCount(field.max_length) : undefined}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

function LongTextInput({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  return (
    <Input.TextArea
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange?.(event.target.value)}
      count={field.max_length !== null ? lengthCount(field.max_length) : undefined}
      autoSize={{ minRows: 3, maxRows: 12 }}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

function NumberInput({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  const integer = field.data_type === 'integer';
  return (
    <InputNumber<number>
      id={id}
      style={fullWidth}
      value={typeof value === 'number' ? value : null}
      onChange={(next) => onChange?.(next ?? null)}
      min={field.min ?? undefined}
      max={field.max ?? undefined}
      precision={integer ? 0 : (field.scale ?? undefined)}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/**
 * An amount with its currency ({ amount, currency }, core values/money.ts): the code from core's list
 * (CNY first) and the amount as typed, sent without grouping separators; the checks (decimals per
 * currency, range) are core's, run by the form's rule. A cleared amount is no value; the chosen currency
 * stays for the next one typed.
 */
function CurrencyAmountInput({ value, onChange, id, disabled, testId }: FieldInputProps) {
  const { t } = useTranslation();
  const money = asMoney(value);
  const [currency, setCurrency] = useState<string>(money?.currency ?? DEFAULT_CURRENCY);
  const shownCurrency = money?.currency ?? currency;
  const send = (amount: string, code: string) => {
    const plain = amount.replace(/[,\s]/g, '');
    onChange?.(plain === '' ? null : { amount: plain, currency: code });
  };
  return (
    <Space.Compact style={fullWidth} data-testid={testId}>
      <Select
        style={{ width: 110 }}
        value={shownCurrency}
        options={CURRENCY_OPTIONS}
        showSearch
        onChange={(code: string) => {
          setCurrency(code);
          if (money) send(money.amount, code);
        }}
        disabled={disabled}
        aria-label={t('moneyInput.currency')}
        data-testid={testId ? `${testId}-currency` : undefined}
      />
      <Input
        id={id}
        inputMode="decimal"
        value={money?.amount ?? ''}
        onChange={(event) => send(event.target.value, shownCurrency)}
        disabled={disabled}
        aria-label={t('moneyInput.amount')}
        data-testid={testId ? `${testId}-amount` : undefined}
      />
    </Space.Compact>
  );
}

const DEFAULT_CURRENCY = 'CNY';
const CURRENCY_OPTIONS = Object.keys(MONEY_CURRENCIES).map((code) => ({ value: code, label: code }));

/** Money: two decimals (or the field's scale) and thousands separators while typing. */
function MoneyInput({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  return (
    <InputNumber<number>
      id={id}
      style={fullWidth}
      value={typeof value === 'number' ? value : null}
      onChange={(next) => onChange?.(next ?? null)}
      min={field.min ?? undefined}
      max={field.max ?? undefined}
      precision={moneyScale(field)}
      formatter={(shown, info) => formatMoneyInput(shown, info.userTyping ? undefined : moneyScale(field))}
      parser={(text) => Number(parseMoneyInput(text))}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

function DateInput({ value, onChange, id, disabled, testId }: FieldInputProps) {
  const day = typeof value === 'string' && value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      style={fullWidth}
      value={day?.isValid() ? day : null}
      format="YYYY-MM-DD"
      onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : null)}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

function TimestampInput({ value, onChange, id, disabled, testId }: FieldInputProps) {
  const time = typeof value === 'string' && value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      style={fullWidth}
      showTime
      value={time?.isValid() ? time : null}
      format="YYYY-MM-DD HH:mm:ss"
      onChange={(next) => onChange?.(next ? next.toISOString() : null)}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

function BooleanInput({ value, onChange, id, disabled, testId }: FieldInputProps) {
  return (
    <Switch
      id={id}
      checked={value === true}
      onChange={(checked) => onChange?.(checked)}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** Option-like kinds: the dictionary's options (disabled ones only while still chosen). */
function OptionInput({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  const { t } = useTranslation();
  const chosen = new Set(valuesOf(value).map(String));
  const options = (field.options ?? [])
    .filter((option) => !option.disabled || chosen.has(option.value))
    .map((option) => ({ value: option.value, label: option.label, disabled: option.disabled }));
  return (
    <Select
      id={id}
      mode={field.multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      value={field.multiple ? [...chosen] : ((value as string | null | undefined) ?? undefined)}
      onChange={(next: string | string[] | undefined) => onChange?.(next ?? null)}
      options={options}
      placeholder={t('modelField.selectPlaceholder')}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

function CascadeInput({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <Cascader
      id={id}
      style={fullWidth}
      options={cascadeOptions(field.options)}
      value={valuesOf(value).map(String)}
      onChange={(path) => onChange?.(path && path.length > 0 ? path.map(String) : null)}
      changeOnSelect
      placeholder={t('modelField.selectPlaceholder')}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** Design samples and figures: uploads belong to document management; listed read-only here. */
/** Separators a pasted list of short texts splits on: lines and semicolons (names hold commas: "Co., Ltd."). */
const TAG_SEPARATORS = ['\n', ';', '；'];

/**
 * A multiple short text (applicants, IPC classes): one tag per value, added with Enter, a separator or by
 * leaving the box; a tag over the field's length is marked and refused by the form's rules, never cut.
 */
function TextTagsInput({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  const { t } = useTranslation();
  const max = field.max_length;
  const items = valuesOf(value).map(String);
  return (
    <Select<string[]>
      id={id}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={TAG_SEPARATORS}
      value={items}
      onChange={(next) => onChange?.(distinctTexts(next))}
      tagRender={({ label, value: item, closable, onClose }) => {
        const tooLong = max !== null && characterCount(String(item).trim()) > max;
        return (
          <Tag
            color={tooLong ? 'error' : undefined}
            closable={closable && !disabled}
            onClose={onClose}
            style={{ marginInlineEnd: 4 }}
            data-testid={`${testId ?? 'tags'}-tag`}
          >
            {label}
          </Tag>
        );
      }}
      placeholder={t('modelField.tagsPlaceholder')}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** Tag values as the server keeps them: trimmed, blank ones dropped, each once. */
function distinctTexts(values: readonly string[]): string[] {
  return [...new Set(values.map((item) => item.trim()).filter((item) => item !== ''))];
}

/**
 * Any other kind declared multiple (numbers, dates, long texts …): one row of the kind's own input per
 * value, each removable, and a button adding a row. Empty rows are dropped when the form is sent.
 */
function repeatableRows(Single: ComponentType<FieldInputProps>): ComponentType<FieldInputProps> {
  function RepeatableRows({ field, value, onChange, id, disabled, testId, ...rest }: FieldInputProps) {
    const { t } = useTranslation();
    const items = valuesOf(value);
    const rows = items.length > 0 ? items : [null];
    const single: SchemaField = { ...field, multiple: false };
    const put = (index: number, next: unknown) => onChange?.(rows.map((item, at) => (at === index ? next : item)));
    const remove = (index: number) => onChange?.(rows.filter((_item, at) => at !== index));
    return (
      <Flex vertical gap={8} id={id} data-testid={testId}>
        {rows.map((item, index) => (
          <Flex key={index} gap={8} align="start" data-testid={`${testId ?? 'rows'}-row`}>
            <div style={{ flex: 1 }}>
              <Single
                {...rest}
                field={single}
                value={item}
                onChange={(next) => put(index, next)}
                disabled={disabled}
                testId={testId ? `${testId}-${index}` : undefined}
              />
            </div>
            <Button
              type="text"
              icon={<MinusCircleOutlined />}
              aria-label={t('modelField.removeValue')}
              onClick={() => remove(index)}
              disabled={disabled || (rows.length === 1 && isBlank(item))}
              data-testid={testId ? `${testId}-remove-${index}` : undefined}
            />
          </Flex>
        ))}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...rows, null])}
          disabled={disabled}
          data-testid={testId ? `${testId}-add` : undefined}
        >
          {t('modelField.addValue')}
        </Button>
      </Flex>
    );
  }
  return RepeatableRows;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

export const FIELD_INPUTS: Record<FieldKind, ComponentType<FieldInputProps>> = {
  text: TextInput,
  longText: LongTextInput,
  number: NumberInput,
  money: MoneyInput,
  currencyAmount: CurrencyAmountInput,
  date: DateInput,
  timestamp: TimestampInput,
  boolean: BooleanInput,
  option: OptionInput,
  cascade: CascadeInput,
  productCategory: CategoryPicker,
  technologyCategory: CategoryPicker,
  techTerritory: OptionInput,
  patternType: OptionInput,
  user: UserPicker,
  organization: DepartmentPicker,
  applicant: RefPicker,
  agent: RefPicker,
  agency: RefPicker,
  expert: RefPicker,
  company: CompanyPicker,
  virtualOrg: RefPicker,
  project: RefPicker,
  parent: RefPicker,
  invoice: RefPicker,
  designSample: FieldFilesInput,
  figure: FieldFilesInput,
};

/**
 * How a field of each kind takes several values: the kind's own input where it handles lists (selects,
 * pickers, cascade paths, file lists), tags for short texts, repeatable rows for the rest. Exhaustive,
 * so a new kind must say how it is multiple.
 */
export const MULTIPLE_INPUTS: Record<FieldKind, ComponentType<FieldInputProps>> = {
  ...FIELD_INPUTS,
  text: TextTagsInput,
  longText: repeatableRows(LongTextInput),
  number: repeatableRows(NumberInput),
  money: repeatableRows(MoneyInput),
  // Never multiple (defineModel refuses it); rows would still work.
  currencyAmount: repeatableRows(CurrencyAmountInput),
  date: repeatableRows(DateInput),
  timestamp: repeatableRows(TimestampInput),
  boolean: repeatableRows(BooleanInput),
};

/**
 * The input of a field: its kind's, in its multiple form for a multiple field. A kind this build does not
 * know yet (a newer server) is edited as text.
 */
export function inputFor(field: Pick<SchemaField, 'kind' | 'multiple'>): ComponentType<FieldInputProps> {
  const inputs: Partial<Record<string, ComponentType<FieldInputProps>>> = field.multiple
    ? MULTIPLE_INPUTS
    : FIELD_INPUTS;
  return inputs[field.kind] ?? (field.multiple ? TextTagsInput : TextInput);
}
