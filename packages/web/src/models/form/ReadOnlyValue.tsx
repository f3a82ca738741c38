// A form value the caller cannot change (read-only for them, or masked), shown as it reads on the detail
// page. Form.Item hands it the value; it never changes it, so the form never sends it.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@ipdesk/core';
import type { FieldFiles, ReferenceTitles, SchemaField } from '../../api/model';
import { renderValue } from '../fields/cells';

export interface ReadOnlyValueProps {
  field: SchemaField;
  /** Set by Form.Item. */
  value?: unknown;
  id?: string;
  testId?: string;
  /** The titles the record's answer carried, so a reference reads as its record's title. */
  titles?: ReferenceTitles;
  /** The files the record's answer described, so file fields show their thumbnails. */
  files?: FieldFiles;
}

export function ReadOnlyValue({ field, value, id, testId, titles, files }: ReadOnlyValueProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <Typography.Text id={id} data-readonly="true" data-testid={testId}>
      {renderValue(value, field, { t, language, variant: 'detail', titles, files })}
    </Typography.Text>
  );
}
