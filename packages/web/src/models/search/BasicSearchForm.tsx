// Basic search (spec §2): a keyword box (MATCH over the model's keyword fields) and one input per
// searchFilter field — texts CONTAINS, options IN, dates and numbers BETWEEN, references by ID. The
// first filters show at once, the rest behind "more".
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IQL_LIMITS, type IqlQuery } from '@ipdesk/core';
import type { SchemaField } from '../../api/model';
import { lengthCount, maxLengthRule } from '../../components/length-limit';
import { lazyPart } from '../../components/lazy-part';
import { BASIC_FILTERS, buildBasicQuery, type BasicFormValue, type NumberRange } from './iql-build';

// A filter's box while its code loads: the same height, so the form does not move when it arrives.
const loadingBox = <Skeleton.Input active block size="default" />;
const DateRangeFilter = lazyPart(async () => (await import('./filter-parts')).DateRangeFilter, loadingBox);
const EqualsFilter = lazyPart(async () => (await import('./filter-parts')).EqualsFilter, loadingBox);
/** What the form loads on first use, for the list to load ahead. */
export const BASIC_SEARCH_PARTS = [DateRangeFilter, EqualsFilter];

/** The keyword's form name: field names start with a letter, so it cannot collide with one. */
const KEYWORD = '_match';
const SHOWN_AT_ONCE = 5;
/** Search terms are never cut (a shortened term finds something else): marked when too long, refused. */
const searchCount = lengthCount(IQL_LIMITS.maxStringLength, false);

interface NumberRangeInputProps {
  value?: NumberRange;
  onChange?: (value: NumberRange) => void;
  id?: string;
  testId: string;
}

function NumberRangeInput({ value, onChange, id, testId }: NumberRangeInputProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} align="center" id={id}>
      <InputNumber<number>
        style={{ flex: 1 }}
        placeholder={t('modelSearch.rangeFrom')}
        value={value?.from ?? null}
        onChange={(from) => onChange?.({ ...value, from })}
        data-testid={`${testId}-from`}
      />
      <InputNumber<number>
        style={{ flex: 1 }}
        placeholder={t('modelSearch.rangeTo')}
        value={value?.to ?? null}
        onChange={(to) => onChange?.({ ...value, to })}
        data-testid={`${testId}-to`}
      />
    </Flex>
  );
}

function BooleanFilter({
  value,
  onChange,
  id,
  testId,
}: {
  value?: boolean;
  onChange?: (v?: boolean) => void;
  id?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      allowClear
      value={value === undefined ? undefined : String(value)}
      onChange={(next?: string) => onChange?.(next === undefined ? undefined : next === 'true')}
      options={[
        { value: 'true', label: t('model.yes') },
        { value: 'false', label: t('model.no') },
      ]}
      placeholder={t('modelField.selectPlaceholder')}
      data-testid={testId}
    />
  );
}

interface FilterInputProps {
  field: SchemaField;
  model: string;
  /** Set by Form.Item. */
  value?: BasicFormValue;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The input of one filter; Form.Item's value and onChange go through to the control inside. */
function FilterInput({ field, model, value, onChange, id }: FilterInputProps) {
  const { t } = useTranslation();
  const testId = `basic-field-${field.name}`;
  // Form.Item holds whatever the filter's control gives; each control reads back its own shape.
  const bound = { id, value: value as never, onChange: onChange as never };
  switch (BASIC_FILTERS[field.data_type]) {
    case 'contains':
      return <Input {...bound} allowClear count={searchCount} data-testid={testId} />;
    case 'in':
      return (
        <Select
          {...bound}
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={(field.options ?? []).map((option) => ({ value: option.value, label: option.label }))}
          placeholder={t('modelField.selectPlaceholder')}
          data-testid={testId}
        />
      );
    case 'dateRange':
      return <DateRangeFilter {...bound} data-testid={testId} />;
    case 'numberRange':
      return <NumberRangeInput {...bound} testId={testId} />;
    case 'boolean':
      return <BooleanFilter {...bound} testId={testId} />;
    case 'equals':
      return <EqualsFilter {...bound} field={field} model={model} testId={testId} />;
    case null:
      return null;
  }
}

export interface BasicSearchFormProps {
  model: string;
  fields: readonly SchemaField[];
  onSearch: (query: IqlQuery) => void;
}

export function BasicSearchForm({ model, fields, onSearch }: BasicSearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, BasicFormValue>>();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? fields : fields.slice(0, SHOWN_AT_ONCE);
  const searchRule = maxLengthRule(IQL_LIMITS.maxStringLength, t);

  const search = (values: Record<string, BasicFormValue>): void => {
    const keyword = typeof values[KEYWORD] === 'string' ? values[KEYWORD] : undefined;
    // Hidden filters keep their values: the form's whole state counts, not only what is shown.
    onSearch(buildBasicQuery(fields, { ...form.getFieldsValue(true), ...values }, keyword));
  };

  return (
    <Form form={form} layout="vertical" onFinish={search} data-testid="basic-search-form">
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <Form.Item name={KEYWORD} label={t('modelSearch.keyword')} rules={[searchRule]}>
            <Input
              allowClear
              count={searchCount}
              placeholder={t('modelSearch.keywordPlaceholder')}
              data-testid="basic-keyword"
            />
          </Form.Item>
        </Col>
        {shown.map((field) => (
          <Col xs={24} md={12} xl={8} key={field.name}>
            <Form.Item
              name={field.name}
              label={field.label}
              rules={BASIC_FILTERS[field.data_type] === 'contains' ? [searchRule] : undefined}
            >
              <FilterInput field={field} model={model} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="basic-search">
          {t('modelSearch.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({ where: undefined, orderBy: [] });
          }}
          data-testid="basic-reset"
        >
          {t('modelSearch.reset')}
        </Button>
        {fields.length > SHOWN_AT_ONCE && (
          <Button
            type="link"
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setExpanded(!expanded)}
            data-testid="basic-expand"
          >
            {expanded ? t('modelSearch.collapse') : t('modelSearch.expand')}
          </Button>
        )}
      </Flex>
    </Form>
  );
}
