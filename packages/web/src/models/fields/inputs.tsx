// Field kind → form input, as an exhaustive Record: a kind added to core's FIELD_KINDS without an input
// here fails type-checking. Every input takes and gives the API's value format (see ./types), so a form's
// values are what do/create and do/update take.
import { Cascader, DatePicker, Flex, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldKind } from '@ipdesk/core';
import { cascadeOptions, formatMoneyInput, moneyScale, parseMoneyInput, valuesOf } from './format';
import { DepartmentPicker } from './pickers/DepartmentPicker';
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
      // Spec §9: "Default fields are shown as count/max".
      showCount={field.max_length !== null}
      maxLength={field.max_length ?? undefined}
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
      showCount={field.max_length !== null}
      maxLength={field.max_length ?? undefined}
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
function FileIdList({ value, id, testId }: FieldInputProps) {
  const { t } = useTranslation();
  const ids = valuesOf(value).map(String);
  return (
    <Flex vertical gap={4} id={id} data-testid={testId}>
      {ids.length === 0 ? (
        <Typography.Text type="secondary">{t('modelField.noFiles')}</Typography.Text>
      ) : (
        <Flex wrap gap={4}>
          {ids.map((fileId) => (
            <Tag key={fileId}>{fileId}</Tag>
          ))}
        </Flex>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('modelField.filesHint')}
      </Typography.Text>
    </Flex>
  );
}

export const FIELD_INPUTS: Record<FieldKind, ComponentType<FieldInputProps>> = {
  text: TextInput,
  longText: LongTextInput,
  number: NumberInput,
  money: MoneyInput,
  date: DateInput,
  timestamp: TimestampInput,
  boolean: BooleanInput,
  option: OptionInput,
  cascade: CascadeInput,
  productCategory: OptionInput,
  technologyCategory: OptionInput,
  techTerritory: OptionInput,
  patternType: OptionInput,
  user: UserPicker,
  organization: DepartmentPicker,
  applicant: RefPicker,
  agent: RefPicker,
  agency: RefPicker,
  expert: RefPicker,
  company: RefPicker,
  virtualOrg: RefPicker,
  project: RefPicker,
  parent: RefPicker,
  invoice: RefPicker,
  designSample: FileIdList,
  figure: FileIdList,
};

/** Kinds whose values are read-only in forms: the form neither shows them as editable nor sends them. */
export const READ_ONLY_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(['designSample', 'figure']);

/** The input of a kind; a kind this build does not know yet (a newer server) is edited as text. */
export function inputFor(kind: FieldKind): ComponentType<FieldInputProps> {
  return (FIELD_INPUTS as Partial<Record<string, ComponentType<FieldInputProps>>>)[kind] ?? TextInput;
}
