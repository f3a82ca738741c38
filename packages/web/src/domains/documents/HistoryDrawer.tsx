// A document's history in a drawer: who uploaded, downloaded, previewed, changed or deleted it, and when
// (spec §3 "Document upload and download history").
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, type MessageKey } from '@ipdesk/core';
import { LoadFailed } from '../../models/ModelPageState';
import { documentKeys, fetchDocumentHistory, type DocumentHistoryEntry, type PatentDocument } from './api';

const ACTION_LABEL: Record<DocumentHistoryEntry['action'], MessageKey> = {
  upload: 'patentDocs.action.upload',
  download: 'patentDocs.action.download',
  preview: 'patentDocs.action.preview',
  update: 'patentDocs.action.update',
  delete: 'patentDocs.action.delete',
};

export interface HistoryDrawerProps {
  document: PatentDocument;
  subCompanySid: string | undefined;
  onClose: () => void;
}

export function HistoryDrawer({ document, subCompanySid, onClose }: HistoryDrawerProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: documentKeys.history(document.patent_sid, document.sid),
    queryFn: () => fetchDocumentHistory(document.sid, { subCompanySid }),
  });
  const entries = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  const columns: TableColumnsType<DocumentHistoryEntry> = [
    {
      key: 'action',
      title: t('patentDocs.historyAction'),
      render: (_value, entry) => t(ACTION_LABEL[entry.action] ?? 'patentDocs.action.update'),
    },
    {
      key: 'actor',
      title: t('patentDocs.historyActor'),
      render: (_value, entry) => entry.actor_name ?? t('patentDocs.unknownUser'),
    },
    {
      key: 'at',
      title: t('patentDocs.historyAt'),
      render: (_value, entry) => dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss'),
    },
  ];
  return (
    <Drawer open width={560} title={t('patentDocs.historyTitle', { name: document.file_name })} onClose={onClose}>
      {query.data && !entries ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <Table<DocumentHistoryEntry>
          size="small"
          rowKey="id"
          loading={!entries}
          dataSource={entries ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('patentDocs.historyEmpty') }}
          data-testid="document-history"
        />
      )}
    </Drawer>
  );
}
