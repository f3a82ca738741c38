// The documents tab of a patent: its documents (file name, category, version, sent/received date,
// uploader and time, size) with download, preview, history, edit and delete, an upload button for those
// who may change the case, and a check of the categories a stage needs, listing what is missing by name.
import { DownloadOutlined, EyeOutlined, HistoryOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
  type ButtonProps,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STAGES, RESULT_CODES, type DocumentStage } from '@ipdesk/core';
import { inlineNotice } from '../../api/failure';
import { noticeText } from '../../components/notice-text';
import { LoadFailed, LoadingCard } from '../../models/ModelPageState';
import { abilitiesOf } from '../../models/schema';
import type { DetailTabProps } from '../types';
import {
  deleteDocument,
  documentKeys,
  downloadDocument,
  fetchDocuments,
  fetchRequiredDocuments,
  type PatentDocument,
} from './api';
import { DocumentDialog } from './DocumentDialog';
import { HistoryDrawer } from './HistoryDrawer';
import { formatBytes } from './precheck';
import { PreviewModal } from './PreviewModal';

function RequiredCheck({ patentSid, subCompanySid }: { patentSid: string; subCompanySid: string | undefined }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<DocumentStage>('filing');
  const query = useQuery({
    queryKey: documentKeys.required(patentSid, stage),
    queryFn: () => fetchRequiredDocuments(patentSid, stage, { subCompanySid }),
  });
  const answer = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  return (
    <Flex gap={8} align="center" wrap style={{ flex: 1 }}>
      <Typography.Text type="secondary">{t('patentDocs.requiredStage')}</Typography.Text>
      <Select<DocumentStage>
        value={stage}
        onChange={setStage}
        style={{ minWidth: 160 }}
        options={DOCUMENT_STAGES.map((value) => ({ value, label: t(`patentDocs.stage.${value}`) }))}
        data-testid="documents-required-stage"
      />
      {answer && (
        <Alert
          style={{ flex: 1, minWidth: 240 }}
          type={answer.missing.length ? 'warning' : 'success'}
          showIcon
          data-testid="documents-required"
          message={
            answer.missing.length
              ? t('patentDocs.requiredMissing', {
                  categories: answer.missing.map((m) => m.label).join(t('patentDocs.listSeparator')),
                })
              : t(answer.required.length ? 'patentDocs.requiredComplete' : 'patentDocs.requiredNone')
          }
        />
      )}
    </Flex>
  );
}

export function DocumentsTab({ schema, record, subCompanySid }: DetailTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = abilitiesOf(schema).update;
  const [dialog, setDialog] = useState<{ document?: PatentDocument }>();
  const [previewing, setPreviewing] = useState<PatentDocument>();
  const [historyOf, setHistoryOf] = useState<PatentDocument>();
  const query = useQuery({
    queryKey: documentKeys.list(record.sid),
    queryFn: () => fetchDocuments(record.sid, { subCompanySid }),
  });
  const documents = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;

  /** The list, the required check and the histories read again after a change. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all(record.sid) });

  const remove = async (document: PatentDocument): Promise<void> => {
    const outcome = await deleteDocument(document.sid, { subCompanySid });
    if (outcome.result !== RESULT_CODES.success) {
      void message.error(noticeText(t, inlineNotice(outcome.error)));
      return;
    }
    void message.success(t('patentDocs.deleted'));
    await refresh();
  };

  const download = async (document: PatentDocument): Promise<void> => {
    const outcome = await downloadDocument(document.sid, { subCompanySid });
    if (outcome.result === RESULT_CODES.success) await refresh();
  };

  if (!documents) return query.data ? <LoadFailed onRetry={() => void query.refetch()} /> : <LoadingCard />;

  const columns: TableColumnsType<PatentDocument> = [
    {
      key: 'file_name',
      title: t('patentDocs.fileName'),
      render: (_v, document) => <span data-testid="document-file-name-cell">{document.file_name}</span>,
    },
    { key: 'category', title: t('patentDocs.category'), render: (_v, document) => document.category_label },
    {
      key: 'version',
      title: t('patentDocs.version'),
      render: (_v, document) => (
        <Space size={4}>
          {t('patentDocs.versionValue', { version: document.major_version })}
          {document.version_remark && <Typography.Text type="secondary">{document.version_remark}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'sent', title: t('patentDocs.sentReceivedOn'), render: (_v, document) => document.sent_received_on ?? '' },
    {
      key: 'uploaded_by',
      title: t('patentDocs.uploadedBy'),
      render: (_v, document) => document.uploaded_by_name ?? t('patentDocs.unknownUser'),
    },
    {
      key: 'uploaded_at',
      title: t('patentDocs.uploadedAt'),
      render: (_v, document) => dayjs(document.uploaded_at).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'size',
      title: t('patentDocs.size'),
      align: 'right',
      render: (_v, document) => formatBytes(document.size_bytes),
    },
    {
      key: 'actions',
      title: t('patentDocs.actions'),
      render: (_v, document) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void download(document)}
            data-testid="document-download"
          >
            {t('patentDocs.download')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => setPreviewing(document)}
            data-testid="document-preview"
          >
            {t('patentDocs.preview')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined />}
            onClick={() => setHistoryOf(document)}
            data-testid="document-history-open"
          >
            {t('patentDocs.history')}
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setDialog({ document })} data-testid="document-edit">
              {t('patentDocs.edit')}
            </Button>
          )}
          {canEdit && (
            <Popconfirm
              title={t('patentDocs.deleteConfirm', { name: document.file_name })}
              okText={t('patentDocs.delete')}
              cancelText={t('patentDocs.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'document-delete-confirm' } as ButtonProps}
              onConfirm={() => remove(document)}
            >
              <Button type="link" size="small" danger data-testid="document-delete">
                {t('patentDocs.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="documents-tab">
      <Flex gap={12} align="center" wrap>
        <RequiredCheck patentSid={record.sid} subCompanySid={subCompanySid} />
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="documents-refresh">
            {t('patentDocs.refresh')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setDialog({})}
              data-testid="documents-upload"
            >
              {t('patentDocs.upload')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<PatentDocument>
        rowKey="sid"
        size="middle"
        dataSource={documents}
        columns={columns}
        pagination={documents.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: t('patentDocs.empty') }}
        onRow={(document) => ({ 'data-testid': `document-row-${document.file_name}` }) as HTMLAttributes<HTMLElement>}
        scroll={{ x: 'max-content' }}
        data-testid="documents-table"
      />
      {dialog && (
        <DocumentDialog
          patentSid={record.sid}
          document={dialog.document}
          subCompanySid={subCompanySid}
          onClose={() => setDialog(undefined)}
          onSaved={async () => {
            void message.success(t(dialog.document ? 'patentDocs.saved' : 'patentDocs.uploaded'));
            setDialog(undefined);
            await refresh();
          }}
        />
      )}
      {previewing && (
        <PreviewModal
          document={previewing}
          subCompanySid={subCompanySid}
          onClose={() => setPreviewing(undefined)}
          onRecorded={() => void refresh()}
        />
      )}
      {historyOf && (
        <HistoryDrawer document={historyOf} subCompanySid={subCompanySid} onClose={() => setHistoryOf(undefined)} />
      )}
    </Flex>
  );
}
