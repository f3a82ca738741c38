// /admin/roles — roles and permissions (spec §6): the roles of one platform (enterprise or agency),
// searched by name or code and ordered by weight, with their status and how many users hold them;
// creating, editing, copying and deleting roles; and for the selected role its function, field and data
// permissions and its members (RolePermissionsPanel). The server is the authority on every rule.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Input, Row, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, ROLE_PLATFORMS, type RolePlatform } from '@ipdesk/core';
import { copyRole, deleteRole, searchRoles, searchRolesForBoard, type RoleRow } from '../../api/roles';
import { failureText } from './feedback';
import { RoleDrawer } from './RoleDrawer';
import { RolePermissionsPanel } from './RolePermissionsPanel';
import { ROLE_LIST_ROWS, roleListIql } from './role-query';
import { namedRowSelection } from '../../components/row-selection';

const rolesKey = ['admin', 'roles'] as const;
const roleListKey = (platform: RolePlatform, keyword: string) => [...rolesKey, 'list', platform, keyword] as const;
const roleBoardKey = (platform: RolePlatform) => [...rolesKey, 'board', platform] as const;

export function RolesPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [platform, setPlatform] = useState<RolePlatform>(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<RoleRow>();
  const [drawer, setDrawer] = useState<{ editing: RoleRow | undefined }>();
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const list = useQuery({
    queryKey: roleListKey(platform, keyword),
    queryFn: () => searchRoles({ iql: roleListIql(platform, keyword), rows: ROLE_LIST_ROWS }),
  });
  const board = useQuery({ queryKey: roleBoardKey(platform), queryFn: () => searchRolesForBoard(platform) });
  const rows = list.data?.result === RESULT_CODES.success ? list.data.data.data.rows : [];
  const total = list.data?.result === RESULT_CODES.success ? list.data.data.data.total : 0;
  const userCounts = new Map(
    board.data?.result === RESULT_CODES.success ? board.data.data.data.map((role) => [role.sid, role.user_num]) : [],
  );
  const current = selected ? (rows.find((row) => row.sid === selected.sid) ?? selected) : undefined;

  const refresh = () => queryClient.invalidateQueries({ queryKey: rolesKey });

  /** Runs the action at once, or after confirming that unsaved permission changes may be lost. */
  const guard = (action: () => void): void => {
    if (!dirty.current) {
      action();
      return;
    }
    modal.confirm({
      title: t('adminRole.discardConfirm'),
      okText: t('adminRole.discard'),
      cancelText: t('model.cancel'),
      onOk: () => {
        dirty.current = false;
        action();
      },
    });
  };

  const select = (role: RoleRow | undefined): void => {
    if (role?.sid === current?.sid) return;
    guard(() => setSelected(role));
  };

  const remove = (role: RoleRow): void => {
    modal.confirm({
      title: t('adminRole.deleteConfirm', { name: role.name }),
      content: t('adminRole.deleteConfirmContent'),
      okText: t('adminRole.delete'),
      okButtonProps: { danger: true, 'data-testid': 'role-delete-ok' },
      cancelText: t('model.cancel'),
      onOk: async () => {
        const outcome = await deleteRole(role.sid);
        if (outcome.result !== RESULT_CODES.success) {
          void message.error(failureText(t, outcome.error));
          return;
        }
        void message.success(t('adminRole.deleted'));
        if (current?.sid === role.sid) {
          dirty.current = false;
          setSelected(undefined);
        }
        await refresh();
      },
    });
  };

  const copy = async (role: RoleRow): Promise<void> => {
    const outcome = await copyRole(role.sid);
    if (outcome.result !== RESULT_CODES.success) {
      void message.error(failureText(t, outcome.error));
      return;
    }
    void message.success(t('adminRole.copied', { name: outcome.data.data.name }));
    await refresh();
    guard(() => setSelected(outcome.data.data));
  };

  return (
    <Row gutter={[16, 16]} data-testid="roles-page">
      <Col xs={24} xxl={10}>
        <Card
          title={t('adminRole.title')}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDrawer({ editing: undefined })}
              data-testid="role-create"
            >
              {t('adminRole.create')}
            </Button>
          }
        >
          <Flex vertical gap={12}>
            <Space wrap>
              <Segmented<RolePlatform>
                value={platform}
                onChange={(next) =>
                  guard(() => {
                    setPlatform(next);
                    setSelected(undefined);
                  })
                }
                options={ROLE_PLATFORMS.map((value) => ({ value, label: t(`adminRole.platform.${value}`) }))}
                aria-label={t('adminRole.platform')}
                data-testid="role-platform-switch"
              />
              <Input.Search
                allowClear
                placeholder={t('adminRole.searchPlaceholder')}
                aria-label={t('adminRole.searchPlaceholder')}
                onSearch={(value) => setKeyword(value.trim())}
                style={{ width: 220 }}
                data-testid="role-search"
              />
            </Space>
            <Table<RoleRow>
              rowKey="sid"
              size="small"
              loading={list.isFetching}
              dataSource={rows}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: t('adminRole.empty') }}
              rowSelection={{
                ...namedRowSelection<RoleRow>((role) => role.name),
                type: 'radio',
                selectedRowKeys: current ? [current.sid] : [],
                onChange: (_keys, chosen) => select(chosen[0]),
                columnWidth: 32,
              }}
              onRow={(role) => ({ onClick: () => select(role), style: { cursor: 'pointer' } })}
              data-testid="role-table"
              footer={total > rows.length ? () => t('adminRole.moreRoles', { shown: rows.length, total }) : undefined}
              columns={[
                {
                  key: 'name',
                  title: t('adminRole.name'),
                  render: (_v, role) => (
                    <Flex vertical>
                      <Typography.Text data-testid={`role-name-${role.code}`}>{role.name}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {role.code}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  key: 'status',
                  title: t('adminRole.status'),
                  render: (_v, role) =>
                    role.status === 1 ? (
                      <Tag color="success">{t('adminRole.enabled')}</Tag>
                    ) : (
                      <Tag>{t('adminRole.disabled')}</Tag>
                    ),
                },
                {
                  key: 'users',
                  title: t('adminRole.userCount'),
                  align: 'right',
                  render: (_v, role) => userCounts.get(role.sid) ?? role.user_num ?? 0,
                },
                { key: 'weight', title: t('adminRole.weight'), dataIndex: 'weight', align: 'right' },
                {
                  key: 'actions',
                  title: t('adminRole.actions'),
                  render: (_v, role) => (
                    <Space size={0} onClick={(event) => event.stopPropagation()}>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setDrawer({ editing: role })}
                        data-testid={`role-edit-${role.code}`}
                      >
                        {t('adminRole.edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => void copy(role)}
                        data-testid={`role-copy-${role.code}`}
                      >
                        {t('adminRole.copy')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => remove(role)}
                        data-testid={`role-delete-${role.code}`}
                      >
                        {t('adminRole.delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]}
            />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} xxl={14}>
        {current ? (
          <RolePermissionsPanel
            key={current.sid}
            role={current}
            onDirtyChange={onDirtyChange}
            onMembersChanged={() => void queryClient.invalidateQueries({ queryKey: roleBoardKey(current.platform) })}
          />
        ) : (
          <Card data-testid="role-permissions-empty">
            <Empty description={t('adminRole.selectRole')} />
          </Card>
        )}
      </Col>
      {drawer && (
        <RoleDrawer
          editing={drawer.editing}
          platform={platform}
          onClose={() => setDrawer(undefined)}
          onSaved={(role) => {
            const created = drawer.editing === undefined;
            setDrawer(undefined);
            void message.success(created ? t('adminRole.created') : t('adminRole.saved'));
            void refresh();
            if (created && role.platform === platform) guard(() => setSelected(role));
            else if (current?.sid === role.sid) setSelected(role);
          }}
        />
      )}
    </Row>
  );
}
