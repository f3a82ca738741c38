// /admin/resources — the resource catalogue (spec §3 "Resource", §6): every menu, button, link and tab the
// product declares, with its code, authorization level and the API endpoints bound to it. Read-only:
// resources are declared in code; roles are granted them and menus bound to them elsewhere.
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUTHORIZATION_LEVELS,
  DEFAULT_LANGUAGE,
  RESULT_CODES,
  isLanguage,
  type AuthorizationLevel,
  type MessageKey,
  type ResourceType,
} from '@ipdesk/core';
import { fetchResourceTree, type ResourceTreeNode } from '../api/menus';
import {
  RESOURCE_TYPE_KEYS,
  filterResources,
  flattenResources,
  normalizeResourceTree,
  resourceParentKeys,
  resourceTreeKey,
} from './menu-admin';

const LEVEL_KEYS: Record<AuthorizationLevel, MessageKey> = {
  open: 'adminResource.level.open',
  system: 'adminResource.level.system',
  no_share: 'adminResource.level.no_share',
  system_no_share: 'adminResource.level.system_no_share',
};
const LEVEL_HELP_KEYS: Record<AuthorizationLevel, MessageKey> = {
  open: 'adminResource.levelHelp.open',
  system: 'adminResource.levelHelp.system',
  no_share: 'adminResource.levelHelp.no_share',
  system_no_share: 'adminResource.levelHelp.system_no_share',
};
const LEVEL_COLORS: Record<AuthorizationLevel, string> = {
  open: 'green',
  system: 'blue',
  no_share: 'orange',
  system_no_share: 'red',
};
const TYPE_COLORS: Record<ResourceType, string> = {
  menu: 'geekblue',
  button: 'purple',
  link: 'cyan',
  tab: 'gold',
};

export function LevelTag({ level }: { level: AuthorizationLevel }) {
  const { t } = useTranslation();
  return <Tag color={LEVEL_COLORS[level]}>{t(LEVEL_KEYS[level])}</Tag>;
}

export function ResourcesPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[]>();

  const query = useQuery({ queryKey: resourceTreeKey(language), queryFn: fetchResourceTree });
  const failed = query.data !== undefined && query.data.result !== RESULT_CODES.success;
  const all = useMemo(
    () => (query.data?.result === RESULT_CODES.success ? normalizeResourceTree(query.data.data.data) : []),
    [query.data],
  );
  const shown = useMemo(() => filterResources(all, keyword), [all, keyword]);
  const searching = keyword.trim() !== '';
  // While searching every match is shown open; otherwise the user's choice (all open at first).
  const expandedKeys = searching ? resourceParentKeys(shown) : (expanded ?? resourceParentKeys(all));
  const count = useMemo(() => flattenResources(all).length, [all]);

  const columns: ColumnsType<ResourceTreeNode> = [
    {
      key: 'name',
      title: t('adminResource.name'),
      render: (_value, node) => <span data-testid={`resource-name-${node.code}`}>{node.name}</span>,
    },
    {
      key: 'code',
      title: t('adminResource.code'),
      render: (_value, node) => <Typography.Text code>{node.code}</Typography.Text>,
    },
    {
      key: 'type',
      title: t('adminResource.type'),
      render: (_value, node) => <Tag color={TYPE_COLORS[node.type]}>{t(RESOURCE_TYPE_KEYS[node.type])}</Tag>,
    },
    {
      key: 'level',
      title: t('adminResource.level'),
      render: (_value, node) => <LevelTag level={node.level} />,
    },
    { key: 'sort', title: t('adminResource.sort'), dataIndex: 'sort', align: 'right' },
    {
      key: 'endpoints',
      title: t('adminResource.endpoints'),
      render: (_value, node) =>
        node.endpoints && node.endpoints.length > 0 ? (
          <Flex vertical gap={2} data-testid={`resource-endpoints-${node.code}`}>
            {node.endpoints.map((endpoint) => (
              <Typography.Text key={endpoint} code style={{ fontSize: 12 }}>
                {endpoint}
              </Typography.Text>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('adminResource.noEndpoints')}</Typography.Text>
        ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="resources-page">
      <Card
        title={t('adminResource.title')}
        extra={
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              placeholder={t('adminResource.search')}
              aria-label={t('adminResource.search')}
              style={{ width: 240 }}
              data-testid="resources-search"
            />
            <Button
              disabled={searching}
              onClick={() => setExpanded(resourceParentKeys(all))}
              data-testid="resources-expand-all"
            >
              {t('adminResource.expandAll')}
            </Button>
            <Button disabled={searching} onClick={() => setExpanded([])} data-testid="resources-collapse-all">
              {t('adminResource.collapseAll')}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={12}>
          <Alert type="info" showIcon message={t('adminResource.readOnly')} />
          <Descriptions
            size="small"
            bordered
            column={1}
            title={t('adminResource.legend')}
            data-testid="resources-legend"
            items={AUTHORIZATION_LEVELS.map((level) => ({
              key: level,
              label: <LevelTag level={level} />,
              children: t(LEVEL_HELP_KEYS[level]),
            }))}
          />
          {failed && (
            <Alert
              type="error"
              showIcon
              message={t('adminResource.loadFailed')}
              action={
                <Button size="small" onClick={() => void query.refetch()} data-testid="resources-retry">
                  {t('adminResource.retry')}
                </Button>
              }
              data-testid="resources-load-failed"
            />
          )}
          {!failed && !query.isPending && (
            <Typography.Text type="secondary" data-testid="resources-count">
              {t('adminResource.count', { count })}
            </Typography.Text>
          )}
          <Table<ResourceTreeNode>
            rowKey="code"
            size="small"
            loading={query.isFetching}
            dataSource={shown}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={searching ? { emptyText: t('adminResource.noMatch') } : undefined}
            expandable={{
              expandedRowKeys: expandedKeys,
              onExpandedRowsChange: (keys) => {
                if (!searching) setExpanded(keys);
              },
            }}
            data-testid="resources-table"
          />
        </Flex>
      </Card>
    </Flex>
  );
}
