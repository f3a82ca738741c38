// The family tab of a patent: its family across countries as a tree (by relation, oldest first) or as a
// table by country, each case with its office, number, status and key dates and a link to it. Only
// cases the user may see are shown; a very large family says how much of it is shown.
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Segmented, Space, Table, Tag, Tree, Typography, type TableColumnsType } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, RELATION_TYPE_LABELS, labelIn, RESULT_CODES, isLanguage } from '@ipdesk/core';
import type { SchemaField } from '../../../api/model';
import { renderValue, type CellContext } from '../../../models/fields/cells';
import { LoadFailed, LoadingCard } from '../../../models/ModelPageState';
import { recordPath } from '../../../models/paths';
import { fieldMap, isEmptyValue } from '../../../models/schema';
import type { DetailTabProps } from '../types';
import { familyKeys, fetchFamily, type FamilyNode } from './api';
import { buildFamilyTree, type FamilyTreeNode } from './tree';

/** The table's columns after the case number, as the patent schema labels and renders them. */
const TABLE_FIELDS = [
  'country',
  'application_number',
  'title',
  'status',
  'filing_date',
  'priority_date',
  'publication_date',
  'grant_date',
] as const;
/** The key dates a tree node shows when the case has them. */
const TREE_DATES = ['filing_date', 'priority_date', 'publication_date', 'grant_date'] as const;

export function FamilyTab({ schema, record, subCompanySid }: DetailTabProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const location = useLocation();
  const fields = useMemo(() => fieldMap(schema), [schema]);
  const [view, setView] = useState<'tree' | 'table'>('tree');
  const query = useQuery({
    queryKey: familyKeys.tree(record.sid),
    queryFn: () => fetchFamily(record.sid, { subCompanySid }),
  });
  const family = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  const roots = useMemo(() => (family ? buildFamilyTree(family) : []), [family]);
  if (!family) return query.data ? <LoadFailed onRetry={() => void query.refetch()} /> : <LoadingCard />;

  const context: CellContext = { t, language, variant: 'table' };
  const show = (node: FamilyNode, name: string): ReactNode => {
    const field: SchemaField | undefined = fields.get(name);
    return field ? renderValue(node[name], field, context) : String(node[name] ?? '');
  };
  const caseLink = (node: FamilyNode) =>
    node.sid === record.sid ? (
      <Typography.Text strong>{node.sn ?? node.sid}</Typography.Text>
    ) : (
      <Link to={recordPath('patent', node.sid, location.search)}>{node.sn ?? node.sid}</Link>
    );

  const title = (item: FamilyTreeNode): ReactNode => {
    const { node } = item;
    const dates = TREE_DATES.filter((name) => !isEmptyValue(node[name]) && fields.has(name));
    return (
      <Space size={6} wrap data-testid={`family-node-${node.sn ?? node.sid}`}>
        {item.via && <Tag color="blue">{labelIn(RELATION_TYPE_LABELS[item.via], language)}</Tag>}
        {!isEmptyValue(node.country) && <Tag>{show(node, 'country')}</Tag>}
        {caseLink(node)}
        {!isEmptyValue(node.application_number) && <span>{String(node.application_number)}</span>}
        {!isEmptyValue(node.status) && <Typography.Text type="secondary">{show(node, 'status')}</Typography.Text>}
        {dates.map((name) => (
          <Typography.Text key={name} type="secondary">
            {fields.get(name)!.label} {show(node, name)}
          </Typography.Text>
        ))}
        {node.sid === record.sid && <Tag color="gold">{t('family.thisCase')}</Tag>}
      </Space>
    );
  };
  const toData = (item: FamilyTreeNode): DataNode => ({
    key: item.node.sid,
    title: title(item),
    children: item.children.map(toData),
  });

  const columns: TableColumnsType<FamilyNode> = [
    { key: 'sn', title: fields.get('sn')?.label ?? 'sn', render: (_v, node) => caseLink(node) },
    ...TABLE_FIELDS.flatMap((name) => {
      const field = fields.get(name);
      return field
        ? [{ key: name, title: field.label, render: (_v: unknown, node: FamilyNode) => show(node, name) }]
        : [];
    }),
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="family-tab">
      {family.truncated && (
        <Alert type="warning" showIcon message={t('family.truncated', { count: family.nodes.length })} />
      )}
      <Space wrap>
        <Segmented
          value={view}
          onChange={(next) => setView(next as 'tree' | 'table')}
          options={[
            { value: 'tree', label: t('family.tree') },
            { value: 'table', label: t('family.byCountry') },
          ]}
          data-testid="family-view"
        />
        <Typography.Text type="secondary" data-testid="family-count">
          {t('family.count', { count: family.nodes.length })}
        </Typography.Text>
      </Space>
      {family.nodes.length <= 1 && family.edges.length === 0 ? (
        <Empty description={t('family.empty')} />
      ) : view === 'tree' ? (
        <Tree treeData={roots.map(toData)} defaultExpandAll selectable={false} blockNode data-testid="family-tree" />
      ) : (
        <Table<FamilyNode>
          rowKey="sid"
          size="middle"
          columns={columns}
          dataSource={family.nodes}
          pagination={false}
          data-testid="family-table"
        />
      )}
    </Space>
  );
}
