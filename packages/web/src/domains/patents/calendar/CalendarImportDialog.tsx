// Importing office calendar days from a CSV file (header line office,date,type,name_zh,name_en): the
// file is read in the browser, its rows sent in one call; the server validates them all and either
// stores them (recomputing the open deadlines of those offices) or answers the bad rows, which are
// listed here by the file's line numbers.
import { Alert, Flex, Modal, Typography, type ButtonProps } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import { importOfficeCalendar, type CalendarImportAnswer } from '../../../api/patent-rules';
import { FormNotice } from '../../../components/FormNotice';
import {
  CALENDAR_COLUMNS,
  importErrorLines,
  readCalendarCsv,
  type CalendarCsv,
  type ImportErrorLine,
} from './calendar-csv';

/** Rows the server takes in one import (MAX_CALENDAR_ROWS). */
const MAX_ROWS = 5000;

export interface CalendarImportDialogProps {
  onClose: () => void;
  onImported: (answer: CalendarImportAnswer) => Promise<void>;
}

export function CalendarImportDialog({ onClose, onImported }: CalendarImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ name: string; csv: CalendarCsv }>();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();
  const [rowErrors, setRowErrors] = useState<ImportErrorLine[]>([]);

  const pick = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    setNotice(undefined);
    setRowErrors([]);
    const chosen = event.target.files?.[0];
    if (!chosen) {
      setFile(undefined);
      return;
    }
    setFile({ name: chosen.name, csv: readCalendarCsv(await chosen.text()) });
  };

  const csv = file?.csv;
  const rows = csv?.ok ? csv.rows : undefined;
  const tooMany = rows !== undefined && rows.length > MAX_ROWS;

  const submit = async (): Promise<void> => {
    if (!csv?.ok || tooMany) return;
    setNotice(undefined);
    setRowErrors([]);
    setSaving(true);
    const outcome = await importOfficeCalendar(csv.rows);
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      const lines = importErrorLines(outcome.error.body?.fields ?? [], csv.lines);
      setRowErrors(lines);
      if (lines.length === 0) setNotice(inlineNotice(outcome.error));
      return;
    }
    await onImported(outcome.data.data);
    onClose();
  };

  return (
    <Modal
      open
      title={t('officeCalendar.importTitle')}
      okText={t('officeCalendar.importSubmit')}
      cancelText={t('model.cancel')}
      okButtonProps={
        {
          loading: saving,
          disabled: rows === undefined || tooMany,
          'data-testid': 'calendar-import-submit',
        } as ButtonProps
      }
      onOk={() => void submit()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
      width={640}
    >
      <Flex vertical gap={12} data-testid="calendar-import-dialog">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('officeCalendar.importHint')}
        </Typography.Paragraph>
        <Typography.Text code>{CALENDAR_COLUMNS.join(',')}</Typography.Text>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label={t('officeCalendar.importFile')}
          disabled={saving}
          onChange={(event) => void pick(event)}
          data-testid="calendar-import-file"
        />
        {csv && !csv.ok && (
          <Alert
            type="error"
            showIcon
            message={
              <span data-testid="calendar-import-file-error">
                {csv.problem === 'missingColumns'
                  ? t('officeCalendar.fileMissingColumns', { columns: csv.columns.join(', ') })
                  : t(csv.problem === 'empty' ? 'officeCalendar.fileEmpty' : 'officeCalendar.fileBadQuote')}
              </span>
            }
          />
        )}
        {rows && (
          <Alert
            type={tooMany ? 'error' : 'info'}
            showIcon
            message={
              <span data-testid="calendar-import-read">
                {tooMany
                  ? t('officeCalendar.fileTooMany', { count: rows.length, max: MAX_ROWS })
                  : t('officeCalendar.fileRead', {
                      name: file?.name ?? '',
                      count: rows.length,
                      offices: [...new Set(rows.map((row) => row.office.toUpperCase()))].join(', '),
                    })}
              </span>
            }
          />
        )}
        <FormNotice notice={notice} testId="calendar-import-error" />
        {rowErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={t('officeCalendar.rowErrors', { count: rowErrors.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 240, overflowY: 'auto' }}>
                {rowErrors.map((error, index) => (
                  <li key={index} data-testid="calendar-import-row-error">
                    {error.line === undefined
                      ? t('officeCalendar.rowErrorNoLine', { label: error.label, message: error.message })
                      : t('officeCalendar.rowError', { line: error.line, label: error.label, message: error.message })}
                  </li>
                ))}
              </ul>
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
