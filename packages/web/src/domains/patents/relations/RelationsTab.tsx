// The related-cases tab of a patent: its relations both ways (what the other case is to this one, the
// relation, the other case's number, title, office, status and filing date, the warnings confirmed
// when it was added), adding one through the checking dialog, and deleting one.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DEFAULT_LANGUAGE, RESULT_CODES, isLanguage } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import { FormNotice } from '../../../components/FormNotice';
import { renderValue, type CellContext } from '../../../models/fields/cells';
import { LoadFailed, LoadingCard } from '../../../models/ModelPageState';
import { recordPath } from '../../../models/paths';
import { abilitiesOf, EMPTY_VALUE, fieldMap } from '../../../models/schema';
import type { DetailTabProps } from '../types';
import { AddRelationDialog } from './AddRelationDialog';
import { deleteRelation, fetchRelations, relationKeys, type ListedRelation } from './api';

/** The other case's fields the list shows, each read as the patent schema renders it. */
const OTHER_COLUMNS = ['title', 'country', 'status', 'filing_date'] as const;

export function RelationsTab({ schema, record, subCompanySid, onChanged }: DetailTabProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const location = useLocation();
  const canEdit = abilitiesOf(schema).update;
  const fields = useMemo(() => fieldMap(schema), [schema]);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();
  const query = useQuery({
    queryKey: relationKeys.list(record.sid),
    queryFn: () => fetchRelations(record.sid, { subCompanySid }),
  });
  const relations = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  if (!relations) return query.data ? <LoadFailed onRetry={() => void query.refetch()} /> : <LoadingCard />;

  const context: CellContext = { t, language, variant: 'table' };
  /** Relations, the family and the case's history all change with a relation. */
  const refresh = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: ['model', 'patent', 'links', record.sid] });
    await onChanged();
  };
  const remove = async (relation: ListedRelation): Promise<void> => {
    setNotice(undefined);
    const outcome = await deleteRelation(relation.sid, { subCompanySid });
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      await query.refetch();
      return;
    }
    void message.success(t('relations.deleted'));
    await refresh();
  };

  const snLabel = fields.get('sn')?.label ?? 'sn';
  const columns: TableColumnsType<ListedRelation> = [
    {
      key: 'role',
      title: t('relations.role'),
      width: 100,
      render: (_v, relation) => <Tag>{t(relation.role === 'parent' ? 'relations.parent' : 'relations.child')}</Tag>,
    },
    { key: 'type', title: t('relations.type'), dataIndex: 'type_label' },
    {
      key: 'sn',
      title: snLabel,
      render: (_v, relation) => (
        <Link to={recordPath('patent', relation.other.sid, location.search)}>
          {typeof relation.other.sn === 'string' ? relation.other.sn : relation.other.sid}
        </Link>
      ),
    },
    ...OTHER_COLUMNS.flatMap((name) => {
      const field = fields.get(name);
      if (!field) return [];
      return [
        {
          key: name,
          title: field.label,
          render: (_v: unknown, relation: ListedRelation) => renderValue(relation.other[name], field, context),
        },
      ];
    }),
    {
      key: 'warnings',
      title: t('relations.warnings'),
      render: (_v, relation) =>
        relation.warnings.length ? (
          <Space direction="vertical" size={0}>
            {relation.warnings.map((warning) => (
              <Typography.Text key={warning.code} type="warning" data-testid={`relation-ack-${warning.code}`}>
                {warning.message}
              </Typography.Text>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('relations.noWarnings')}</Typography.Text>
        ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('relations.actions'),
            width: 88,
            render: (_v: unknown, relation: ListedRelation) => (
              <Popconfirm
                title={t('relations.deleteConfirm')}
                okText={t('model.ok')}
                cancelText={t('model.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(relation)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('relations.delete')}
                  data-testid={`relation-delete-${String(relation.other.sn ?? relation.other.sid)}`}
                />
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="relations-tab">
      {canEdit && (
        <Flex justify="flex-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="relation-add">
            {t('relations.add')}
          </Button>
        </Flex>
      )}
      <FormNotice notice={notice} testId="relations-error" />
      <Table<ListedRelation>
        rowKey="sid"
        size="middle"
        columns={columns}
        dataSource={relations}
        pagination={false}
        locale={{ emptyText: t('relations.empty') }}
        onRow={(relation) =>
          ({
            'data-testid': `relation-row-${String(relation.other.sn ?? relation.other.sid ?? EMPTY_VALUE)}`,
          }) as React.HTMLAttributes<HTMLElement>
        }
      />
      {adding && (
        <AddRelationDialog
          sid={record.sid}
          subCompanySid={subCompanySid}
          onClose={() => setAdding(false)}
          onAdded={async () => {
            setAdding(false);
            void message.success(t('relations.saved'));
            await refresh();
          }}
        />
      )}
    </Space>
  );
}
