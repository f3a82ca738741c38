// The versions of one process, newest first: status, who made it, when it was changed and published,
// and per version opening it in the designer (read-only unless it is the draft) and exporting it.
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportVersion, type VersionSummary } from '../../api/workflow';
import { formatTimestamp } from '../../models/fields/format';
import { STATUS_COLORS } from './status';
import { versionList, workflowKeys } from './queries';

export function VersionsDrawer({
  definitionKey,
  name,
  onClose,
  onOpen,
}: {
  definitionKey: string;
  name: string;
  onClose: () => void;
  onOpen: (version: number) => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: workflowKeys.versions(definitionKey),
    queryFn: () => versionList(definitionKey),
  });

  return (
    <Drawer open width={720} title={t('wfDefs.versionsOf', { name })} onClose={onClose} data-testid="wf-versions">
      <Table<VersionSummary>
        rowKey="version"
        size="small"
        loading={query.isFetching}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { key: 'version', title: t('wfDefs.version'), render: (_v, row) => `v${row.version}` },
          {
            key: 'status',
            title: t('wfDefs.status'),
            render: (_v, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`wfDefs.status.${row.status}`)}</Tag>,
          },
          { key: 'name', title: t('wfDefs.name'), dataIndex: 'name' },
          { key: 'updated', title: t('wfDefs.updatedAt'), render: (_v, row) => formatTimestamp(row.updated_at) },
          {
            key: 'published',
            title: t('wfDefs.publishedAt'),
            render: (_v, row) => (row.published_at ? formatTimestamp(row.published_at) : ''),
          },
          {
            key: 'actions',
            title: t('wfDefs.actions'),
            render: (_v, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onOpen(row.version)}>
                  {t('wfDefs.open')}
                </Button>
                <Button type="link" size="small" onClick={() => void exportVersion(definitionKey, row.version)}>
                  {t('wfDefs.export')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
