// Advanced search (spec §2): an iql text checked as it is typed with core's parser (the same one the
// server runs), its error shown with the position and the offending part marked, and field names
// completed from the schema (Tab takes the first suggestion). A query that parses is then checked
// against the schema the page holds (unknown fields, conditions a field does not take, values of the
// wrong type, impossible dates) by core's checkIqlFields, so it says what the server would say before
// the query is sent. The server's own verdict on a query it refused is shown in the same place.
import { CheckCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Tag, Typography, type GetRef } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkIqlFields, tryParseIql, type IqlQuery, type MessageKey, type Span } from '@ipdesk/core';
import type { SchemaField } from '../../api/model';
import { suggestFields, type FieldSuggestion } from './iql-autocomplete';

type TextAreaRef = GetRef<typeof Input.TextArea>;

export interface AdvancedSearchBoxProps {
  fields: readonly SchemaField[];
  titleField: string;
  text: string;
  onTextChange: (text: string) => void;
  onSearch: (query: IqlQuery) => void;
  /** The server's message about the last query sent, when it refused it. */
  serverError?: string;
  /** The model's parent field (schema `parent`), through which `parent.<field>` reaches the parent. */
  parentField?: string;
}

/** What is wrong with the text, from the parser or from the check against the fields, or nothing. */
interface QueryProblem {
  span: Span;
  messageKey: MessageKey;
  params: Record<string, string | number>;
  expected?: MessageKey;
}

type Checked = { ok: true; query: IqlQuery } | { ok: false; problem: QueryProblem };

function checkQuery(text: string, fields: readonly SchemaField[], parentField: string | undefined): Checked {
  const parsed = tryParseIql(text);
  if (!parsed.ok) return { ok: false, problem: parsed.error };
  const issue = checkIqlFields(
    parsed.query,
    fields.map((f) => ({ name: f.name, dataType: f.data_type, multiple: f.multiple, masked: f.masked ?? false })),
    { parentField },
  );
  return issue ? { ok: false, problem: issue } : { ok: true, query: parsed.query };
}

/** The query with the failing part marked; an empty span (the text ended early) marks a gap at its end. */
function MarkedQuery({ text, span }: { text: string; span: Span }) {
  const marked = text.slice(span.start, span.end);
  return (
    <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="iql-error-marked">
      {text.slice(0, span.start)}
      <mark style={{ background: '#ffccc7', padding: 0 }}>{marked === '' ? '\u2002' : marked}</mark>
      {text.slice(span.end)}
    </Typography.Text>
  );
}

export function AdvancedSearchBox({
  fields,
  titleField,
  text,
  onTextChange,
  onSearch,
  serverError,
  parentField,
}: AdvancedSearchBoxProps) {
  const { t } = useTranslation();
  const input = useRef<TextAreaRef>(null);
  const [caret, setCaret] = useState(text.length);
  const parsed = useMemo(
    () => (text.trim() === '' ? undefined : checkQuery(text, fields, parentField)),
    [text, fields, parentField],
  );
  const suggestions = useMemo(() => suggestFields(text, caret, fields), [text, caret, fields]);
  const example = `${titleField} CONTAINS '…' AND updated_at WITHIN LAST 30 DAYS ORDER BY updated_at DESC`;

  const readCaret = (): void => {
    const element = input.current?.resizableTextArea?.textArea;
    if (element) setCaret(element.selectionStart ?? text.length);
  };
  const accept = (suggestion: FieldSuggestion): void => {
    onTextChange(suggestion.text);
    setCaret(suggestion.caret);
    // After React has put the new text in: the caret right after the completed name.
    setTimeout(() => {
      const element = input.current?.resizableTextArea?.textArea;
      element?.focus();
      element?.setSelectionRange(suggestion.caret, suggestion.caret);
    });
  };
  const submit = (): void => {
    if (parsed === undefined) onSearch({ where: undefined, orderBy: [] });
    else if (parsed.ok) onSearch(parsed.query);
  };

  return (
    <Flex vertical gap={8} data-testid="advanced-search">
      <Typography.Text strong>{t('modelSearch.iqlLabel')}</Typography.Text>
      <Input.TextArea
        ref={input}
        value={text}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('modelSearch.iqlPlaceholder', { example })}
        status={parsed && !parsed.ok ? 'error' : undefined}
        spellCheck={false}
        onChange={(event) => {
          onTextChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyUp={readCaret}
        onClick={readCaret}
        onKeyDown={(event) => {
          const first = suggestions[0];
          if (event.key === 'Tab' && first && !event.shiftKey) {
            event.preventDefault();
            accept(first);
          } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
        data-testid="iql-input"
      />
      {suggestions.length > 0 && (
        <Flex wrap gap={4} data-testid="iql-suggestions">
          {suggestions.map((suggestion) => (
            <Tag
              key={suggestion.name}
              color="blue"
              style={{ cursor: 'pointer' }}
              onClick={() => accept(suggestion)}
              data-testid={`iql-suggestion-${suggestion.name}`}
            >
              {suggestion.name}
              <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                {suggestion.label}
              </Typography.Text>
            </Tag>
          ))}
        </Flex>
      )}
      {parsed && !parsed.ok && (
        <Alert
          type="error"
          showIcon
          message={
            <span data-testid="iql-error">
              {t(parsed.problem.messageKey, {
                ...parsed.problem.params,
                ...(parsed.problem.expected ? { expected: t(parsed.problem.expected) } : {}),
              })}
            </span>
          }
          description={<MarkedQuery text={text} span={parsed.problem.span} />}
        />
      )}
      {parsed?.ok && !serverError && (
        <Typography.Text type="success" data-testid="iql-valid">
          <CheckCircleOutlined /> {t('modelSearch.iqlValid')}
        </Typography.Text>
      )}
      {parsed?.ok && serverError && (
        <Alert type="error" showIcon message={<span data-testid="iql-server-error">{serverError}</span>} />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('modelSearch.iqlHelp')}
      </Typography.Text>
      <Flex gap={8}>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={parsed !== undefined && !parsed.ok}
          onClick={submit}
          data-testid="iql-search"
        >
          {t('modelSearch.search')}
        </Button>
        <Button
          onClick={() => {
            onTextChange('');
            onSearch({ where: undefined, orderBy: [] });
          }}
          data-testid="iql-reset"
        >
          {t('modelSearch.reset')}
        </Button>
      </Flex>
    </Flex>
  );
}
