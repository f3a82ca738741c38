// Importing a model's records from xlsx (spec §5): an .xlsx file, the mode (all rows or none, or the valid
// rows only, both explained), a progress bar while the job runs, then the counts and every row error.
// A partial import is never silent: the result says how many rows were left out and why.
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Modal, Progress, Radio, Result, Space, Table, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import {
  fetchImportJob,
  isFinished,
  startImport,
  type ImportJob,
  type ImportMode,
  type ImportRowError,
} from '../../api/transfer';
import { importOutcome, importProgress, isXlsxFile } from './import-outcome';

const POLL_MS = 500;

export function ImportDialog({
  model,
  modelLabel,
  onClose,
  onImported,
}: {
  model: string;
  modelLabel: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [mode, setMode] = useState<ImportMode>('all_or_nothing');
  const [jobSid, setJobSid] = useState<string>();
  const [job, setJob] = useState<ImportJob>();
  const [starting, setStarting] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  // Polls the job until it has finished.
  useEffect(() => {
    if (!jobSid) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (): Promise<void> => {
      const outcome = await fetchImportJob(model, jobSid);
      if (!alive.current) return;
      if (outcome.result !== RESULT_CODES.success) {
        timer = setTimeout(() => void poll(), POLL_MS * 4);
        return;
      }
      const next = outcome.data.data;
      setJob(next);
      if (isFinished(next)) {
        if (next.imported > 0) onImported();
        return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => clearTimeout(timer);
  }, [model, jobSid, onImported]);

  const start = async (): Promise<void> => {
    if (!file) {
      setFileError(t('transfer.fileRequired'));
      return;
    }
    setStarting(true);
    const outcome = await startImport(model, file, mode);
    setStarting(false);
    if (outcome.result === RESULT_CODES.success) setJobSid(outcome.data.data.job_sid);
  };

  const reset = (): void => {
    setJobSid(undefined);
    setJob(undefined);
    setFile(undefined);
  };

  const finished = job && isFinished(job) ? job : undefined;
  const outcome = finished ? importOutcome(finished, mode) : undefined;
  const progress = importProgress(job);

  return (
    <Modal
      open
      width={720}
      title={t('transfer.importTitle', { model: modelLabel })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        finished ? (
          <Space>
            <Button onClick={reset} data-testid="import-again">
              {t('transfer.again')}
            </Button>
            <Button type="primary" onClick={onClose} data-testid="import-close">
              {t('transfer.close')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('model.cancel')}</Button>
            <Button
              type="primary"
              loading={starting || (jobSid !== undefined && !finished)}
              onClick={() => void start()}
              data-testid="import-start"
            >
              {t('transfer.start')}
            </Button>
          </Space>
        )
      }
      data-testid="import-dialog"
    >
      {!jobSid && (
        <Form layout="vertical">
          <Form.Item
            label={t('transfer.file')}
            validateStatus={fileError ? 'error' : undefined}
            help={fileError}
            required
          >
            <Upload
              accept=".xlsx"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(undefined)}
              beforeUpload={(chosen) => {
                if (isXlsxFile(chosen)) {
                  setFile(chosen);
                  setFileError(undefined);
                } else {
                  setFile(undefined);
                  setFileError(t('transfer.onlyXlsx'));
                }
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="import-file">
                {t('transfer.chooseFile')}
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item label={t('transfer.mode')} required>
            <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as ImportMode)}>
              <Flex vertical gap={8}>
                <Radio value="all_or_nothing" data-testid="import-mode-all">
                  <Typography.Text strong>{t('transfer.modeAll')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('transfer.modeAllHint')}</Typography.Text>
                </Radio>
                <Radio value="valid_only" data-testid="import-mode-valid">
                  <Typography.Text strong>{t('transfer.modeValid')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('transfer.modeValidHint')}</Typography.Text>
                </Radio>
              </Flex>
            </Radio.Group>
          </Form.Item>
        </Form>
      )}
      {jobSid && !finished && (
        <Flex vertical gap={8} data-testid="import-progress">
          {progress.percent !== undefined && <Progress percent={progress.percent} status="active" />}
          <Typography.Text type="secondary" data-testid="import-progress-text">
            {t(progress.key, progress.params)}
          </Typography.Text>
        </Flex>
      )}
      {finished && outcome && (
        <Flex vertical gap={12} data-testid="import-result">
          <Result
            status={outcome.status}
            title={<span data-testid="import-result-title">{t(outcome.key, outcome.params)}</span>}
            subTitle={
              <span data-testid="import-counts">
                {t('transfer.counts', {
                  total: finished.total,
                  imported: finished.imported,
                  errors: finished.error_count,
                })}
              </span>
            }
            style={{ padding: 16 }}
          />
          {finished.failure && finished.errors.length === 0 && (
            <Alert type="error" showIcon message={finished.failure} />
          )}
          {finished.errors.length > 0 && (
            <Table<ImportRowError>
              size="small"
              rowKey={(row) => `${row.row}-${row.column}-${row.field}-${row.message}`}
              dataSource={finished.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { key: 'row', title: t('transfer.row'), dataIndex: 'row', width: 80 },
                { key: 'column', title: t('transfer.column'), dataIndex: 'column', width: 80 },
                { key: 'label', title: t('transfer.field'), dataIndex: 'label', width: 160 },
                { key: 'message', title: t('transfer.message'), dataIndex: 'message' },
              ]}
              data-testid="import-errors"
            />
          )}
        </Flex>
      )}
    </Modal>
  );
}
