// Batch search (spec §2, §5 "Batch search: up to 1000 values"): choose a field, paste values one per
// line, and find the records whose field is any of them (field IN (…)). Past 1000 distinct values, or a
// value the field cannot take, the search is refused with a message naming the problem.
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_SEARCH_MAX, type IqlQuery } from '@ipdesk/core';
import type { SchemaField } from '../../api/model';
import { buildBatchQuery, parseBatchValues, type BatchParseError } from './iql-build';

export interface BatchSearchFormProps {
  fields: readonly SchemaField[];
  defaultField: string | undefined;
  onSearch: (query: IqlQuery) => void;
}

function useBatchErrorText(): (error: BatchParseError) => string {
  const { t } = useTranslation();
  return (error) => {
    switch (error.error) {
      case 'empty':
        return t('modelSearch.batch.empty');
      case 'tooMany':
        return t('modelSearch.batch.tooMany', { max: error.max, count: error.count });
      case 'tooLong':
        return t('modelSearch.batch.tooLong', { line: error.line, max: error.max });
      case 'notNumber':
        return t('modelSearch.batch.notNumber', { line: error.line, value: error.value });
      case 'notDate':
        return t('modelSearch.batch.notDate', { line: error.line, value: error.value });
    }
  };
}

/** Distinct non-empty lines, for the live counter. */
function countValues(text: string): number {
  return new Set(
    text
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  ).size;
}

export function BatchSearchForm({ fields, defaultField, onSearch }: BatchSearchFormProps) {
  const { t } = useTranslation();
  const errorText = useBatchErrorText();
  const [fieldName, setFieldName] = useState(defaultField);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const count = useMemo(() => countValues(text), [text]);
  const field = fields.find((candidate) => candidate.name === fieldName);

  const search = (): void => {
    if (!field) return;
    const parsed = parseBatchValues(text, field);
    if (!parsed.ok) {
      setError(errorText(parsed));
      return;
    }
    setError(undefined);
    onSearch(buildBatchQuery(field.name, parsed.values));
  };

  return (
    <Flex vertical gap={8} data-testid="batch-search">
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('modelSearch.batchField')}</Typography.Text>
        <Select
          style={{ minWidth: 220 }}
          value={fieldName}
          onChange={setFieldName}
          options={fields.map((candidate) => ({ value: candidate.name, label: candidate.label }))}
          showSearch
          optionFilterProp="label"
          data-testid="batch-field"
        />
      </Flex>
      <Typography.Text strong>{t('modelSearch.batchValues', { max: BATCH_SEARCH_MAX })}</Typography.Text>
      <Input.TextArea
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        autoSize={{ minRows: 4, maxRows: 12 }}
        spellCheck={false}
        data-testid="batch-values"
      />
      <Typography.Text type={count > BATCH_SEARCH_MAX ? 'danger' : 'secondary'} data-testid="batch-count">
        {t('modelSearch.batchCount', { count, max: BATCH_SEARCH_MAX })}
      </Typography.Text>
      {error && <Alert type="error" showIcon message={<span data-testid="batch-error">{error}</span>} />}
      <Flex gap={8}>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={search}
          disabled={!field}
          data-testid="batch-search-submit"
        >
          {t('modelSearch.search')}
        </Button>
        <Button
          onClick={() => {
            setText('');
            setError(undefined);
            onSearch({ where: undefined, orderBy: [] });
          }}
          data-testid="batch-reset"
        >
          {t('modelSearch.reset')}
        </Button>
      </Flex>
    </Flex>
  );
}
