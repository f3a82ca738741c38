// A reference to another record. Where the referenced model is declared (applicants, projects, a parent
// record of the same model), a select searches it by keyword through the generic search — so the
// caller's data scope applies — offers only records that may be referenced (not invalid ones) and shows
// them by their title in the reader's language; elsewhere the record's ID is typed (SidInput).
import { useQueries, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODEL_CATALOG, RESULT_CODES, type Language } from '@ipdesk/core';
import { fetchRecord, searchRecords } from '../../../api/model';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { modelKeys, useModelSchema } from '../../queries';
import { matchIql } from '../../search/iql-build';
import { valuesOf } from '../format';
import { recordTitle, referableIql, titleFieldsOf } from '../reference-title';
import type { FieldInputProps } from '../types';
import { SidInput } from './SidInput';
import { mayUse, useHeldResources } from '../../../domains/people/resources';

/** The model a reference field points into: its declared target, or for a parent field its own model. */
export function refTarget(field: FieldInputProps['field'], model: string): string | undefined {
  return field.target ?? (field.kind === 'parent' ? model : undefined);
}

export function isSearchableModel(name: string | undefined): name is string {
  return name !== undefined && MODEL_CATALOG.some((declared) => declared.name === name);
}

/** What the picker searches: the typed words, among the records a reference may point at. */
export function pickerIql(target: string, text: string): string | undefined {
  const parts = [matchIql(text), referableIql(target)].filter((part): part is string => part !== undefined);
  return parts.length ? parts.map((part) => `(${part})`).join(' AND ') : undefined;
}

function RecordSelect({ target, ...props }: FieldInputProps & { target: string }) {
  const { field, value, onChange, id, disabled, testId } = props;
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const { schema } = useModelSchema(target);
  const titleField = schema?.title_field;
  // A record reads as elsewhere its references do (a case: case number and title).
  const titleFields = titleField === undefined ? [] : titleFieldsOf(target, titleField);
  const [term, setTerm] = useState('');
  const settled = useDebouncedValue(term, 300);
  const found = useQuery({
    queryKey: modelKeys.search(target, { picker: settled }),
    queryFn: () =>
      searchRecords(
        target,
        { iql: pickerIql(target, settled), size: 20, fl: ['sid', ...titleFields] },
        { silent: true },
      ),
    enabled: titleField !== undefined,
  });
  const selected = valuesOf(value).filter((item): item is string => typeof item === 'string');
  const chosen = useQueries({
    queries: selected.map((sid) => ({
      queryKey: modelKeys.record(target, sid),
      queryFn: () => fetchRecord(target, sid, { silent: true }),
      enabled: titleField !== undefined,
    })),
  });
  // The chosen records first (by their titles once read), then what the search found.
  const labels = new Map<string, string>();
  for (const query of chosen) {
    if (query.data?.result !== RESULT_CODES.success || !titleField) continue;
    const row = query.data.data.data;
    labels.set(row.sid, recordTitle(row, titleFields, target, language) ?? row.sid);
  }
  for (const sid of selected) if (!labels.has(sid)) labels.set(sid, sid);
  if (found.data?.result === RESULT_CODES.success && titleField) {
    for (const row of found.data.data.data.rows)
      labels.set(row.sid, recordTitle(row, titleFields, target, language) ?? row.sid);
  }
  const options = [...labels].map(([sid, label]) => ({ value: sid, label }));

  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setTerm}
      mode={field.multiple ? 'multiple' : undefined}
      value={field.multiple ? selected : selected[0]}
      onChange={(next: string | string[] | undefined) => onChange?.(next ?? null)}
      options={options}
      placeholder={t('modelField.pickerPlaceholder')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

export function RefPicker(props: FieldInputProps) {
  const target = refTarget(props.field, props.model);
  const held = useHeldResources();
  // Searching a model needs the right to view it (an agency picker for someone without agencies, say).
  if (isSearchableModel(target) && mayUse(held, target)) return <RecordSelect {...props} target={target} />;
  return <SidInput {...props} hintKey="modelField.refHint" />;
}
