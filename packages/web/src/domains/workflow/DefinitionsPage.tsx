// /workflow/definitions — the process definitions of the tenant, one line per key: its model, category,
// newest version and which versions are the draft and the published one. New processes, import and
// export of zips, the versions of each, and opening one in the designer. Changing anything needs
// workflow:update; those actions are hidden without it (the server refuses them anyway).
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_LANGUAGE, MODEL_CATALOG, RESULT_CODES, isLanguage, labelIn } from '@ipdesk/core';
import { exportVersion, listDefinitions, type DefinitionSummary } from '../../api/workflow';
import { useHeldResource } from '../../admin/org/useOrgAccess';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { formatTimestamp } from '../../models/fields/format';
import { useHeldResources } from '../people/resources';
import { STATUS_COLORS } from './status';
import { ImportDefinitionDialog } from './ImportDefinitionDialog';
import { NewDefinitionDialog, type ModelChoice } from './NewDefinitionDialog';
import { workflowKeys } from './queries';
import { VersionsDrawer } from './VersionsDrawer';

export const designerPath = (key: string, version?: number): string =>
  `/workflow/definitions/${encodeURIComponent(key)}${version === undefined ? '' : `?version=${version}`}`;

export function DefinitionsPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useHeldResource('workflow:update');
  const held = useHeldResources();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), 300);
  const [model, setModel] = useState<string>();
  const [dialog, setDialog] = useState<'new' | 'import'>();
  const [versionsOf, setVersionsOf] = useState<DefinitionSummary>();

  // The models the user may see (their view resource), as the new-process dialog and the filter offer them.
  const models: ModelChoice[] = useMemo(
    () =>
      MODEL_CATALOG.filter((declared) => held === undefined || held.has(declared.name)).map((declared) => ({
        value: declared.name,
        label: labelIn(declared.label, language),
      })),
    [held, language],
  );
  const modelLabel = (name: string): string => {
    const declared = MODEL_CATALOG.find((entry) => entry.name === name);
    return declared ? labelIn(declared.label, language) : name;
  };

  const filter = { ...(model && { model }), ...(keyword && { keyword }) };
  const query = useQuery({
    queryKey: workflowKeys.list(filter),
    queryFn: () => listDefinitions(filter),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.result === RESULT_CODES.success ? query.data.data.data : [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: workflowKeys.all });

  return (
    <Card
      title={t('wfDefs.title')}
      data-testid="wf-definitions-page"
      extra={
        canEdit && (
          <Space wrap>
            <Button icon={<ImportOutlined />} onClick={() => setDialog('import')} data-testid="wf-import">
              {t('wfDefs.import')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')} data-testid="wf-new">
              {t('wfDefs.new')}
            </Button>
          </Space>
        )
      }
    >
      <Flex vertical gap={12}>
        <Space wrap>
          <Input.Search
            allowClear
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('wfDefs.keywordPlaceholder')}
            style={{ width: 260 }}
            data-testid="wf-keyword"
          />
          <Select<string>
            allowClear
            value={model}
            onChange={setModel}
            options={models}
            placeholder={t('wfDefs.allModels')}
            style={{ minWidth: 180 }}
            data-testid="wf-model-filter"
          />
        </Space>
        <Table<DefinitionSummary>
          rowKey="key"
          size="middle"
          loading={query.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('wfDefs.empty') }}
          data-testid="wf-definitions-table"
          columns={[
            {
              key: 'name',
              title: t('wfDefs.name'),
              render: (_v, row) => (
                <Link to={designerPath(row.key)} data-testid={`wf-open-${row.key}`}>
                  {row.name}
                </Link>
              ),
            },
            {
              key: 'key',
              title: t('wfDefs.key'),
              render: (_v, row) => <Typography.Text code>{row.key}</Typography.Text>,
            },
            { key: 'model', title: t('wfDefs.model'), render: (_v, row) => modelLabel(row.model) },
            { key: 'category', title: t('wfDefs.category'), render: (_v, row) => row.category ?? '' },
            {
              key: 'versions',
              title: t('wfDefs.versions'),
              render: (_v, row) => (
                <Space size={4} wrap data-testid={`wf-versions-${row.key}`}>
                  <Tag color={STATUS_COLORS[row.latest_status]}>
                    {`v${row.latest_version} · ${t(`wfDefs.status.${row.latest_status}`)}`}
                  </Tag>
                  {row.published_version !== null && row.published_version !== row.latest_version && (
                    <Tag color={STATUS_COLORS.published}>
                      {t('wfDefs.publishedVersion', { version: row.published_version })}
                    </Tag>
                  )}
                </Space>
              ),
            },
            { key: 'updated', title: t('wfDefs.updatedAt'), render: (_v, row) => formatTimestamp(row.updated_at) },
            {
              key: 'actions',
              title: t('wfDefs.actions'),
              render: (_v, row) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => navigate(designerPath(row.key))}>
                    {canEdit ? t('wfDefs.design') : t('wfDefs.open')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setVersionsOf(row)}
                    data-testid={`wf-history-${row.key}`}
                  >
                    {t('wfDefs.versionHistory')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void exportVersion(row.key, row.published_version ?? row.latest_version)}
                    data-testid={`wf-export-${row.key}`}
                  >
                    {t('wfDefs.export')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      {dialog === 'new' && (
        <NewDefinitionDialog
          models={models}
          onClose={() => setDialog(undefined)}
          onCreated={(key) => {
            refresh();
            navigate(designerPath(key));
          }}
        />
      )}
      {dialog === 'import' && (
        <ImportDefinitionDialog
          models={models}
          onClose={() => setDialog(undefined)}
          onImported={refresh}
          onOpen={(key) => navigate(designerPath(key))}
        />
      )}
      {versionsOf && (
        <VersionsDrawer
          definitionKey={versionsOf.key}
          name={versionsOf.name}
          onClose={() => setVersionsOf(undefined)}
          onOpen={(version) => navigate(designerPath(versionsOf.key, version))}
        />
      )}
    </Card>
  );
}
