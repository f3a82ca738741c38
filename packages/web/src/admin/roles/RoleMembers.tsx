// The members tab: users holding the role, adding users (people with a login account of the role's
// platform) and removing them. Saved at once; the users' next request uses the change.
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { changeRoleUsers, fetchRoleUsers, type RoleRow, type UserBrief } from '../../api/roles';
import { failureText } from './feedback';
import { UserSearchSelect } from './UserSearchSelect';

export const roleUsersKey = (sid: string) => ['admin', 'role', sid, 'users'] as const;

export function RoleMembers({ role, onChanged }: { role: RoleRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const query = useQuery({ queryKey: roleUsersKey(role.sid), queryFn: () => fetchRoleUsers(role.sid) });
  const users = query.data?.result === RESULT_CODES.success ? query.data.data.data : [];

  const change = async (input: { add?: string[]; remove?: string[] }): Promise<boolean> => {
    setBusy(true);
    const outcome = await changeRoleUsers({ sid: role.sid, ...input });
    setBusy(false);
    if (outcome.result !== RESULT_CODES.success) {
      void message.error(failureText(t, outcome.error));
      return false;
    }
    queryClient.setQueryData(roleUsersKey(role.sid), outcome);
    void message.success(t('adminRole.membersSaved'));
    onChanged();
    return true;
  };

  return (
    <Flex vertical gap={12} data-testid="role-members">
      <Alert type="info" showIcon message={t('adminRole.membersHint')} />
      <Space wrap>
        <UserSearchSelect
          platform={role.platform}
          value={picked}
          onChange={setPicked}
          exclude={users.map((user) => user.sid)}
          ariaLabel={t('adminRole.membersPick')}
          testId="role-members-pick"
        />
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          disabled={picked.length === 0}
          loading={busy}
          onClick={() => void change({ add: picked }).then((done) => done && setPicked([]))}
          data-testid="role-members-add"
        >
          {t('adminRole.membersAdd')}
        </Button>
      </Space>
      <Table<UserBrief>
        rowKey="sid"
        size="small"
        loading={query.isFetching}
        dataSource={users}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('adminRole.membersEmpty') }}
        data-testid="role-members-table"
        columns={[
          { key: 'name', title: t('adminRole.memberName'), dataIndex: 'name' },
          { key: 'account', title: t('adminRole.memberAccount'), dataIndex: 'account' },
          {
            key: 'actions',
            title: t('adminRole.actions'),
            width: 100,
            render: (_v, user) => (
              <Popconfirm
                title={t('adminRole.memberRemoveConfirm', { name: user.name || user.account })}
                okText={t('model.ok')}
                cancelText={t('model.cancel')}
                onConfirm={() => change({ remove: [user.sid] })}
              >
                <Button type="link" danger size="small" data-testid={`role-member-remove-${user.sid}`}>
                  {t('adminRole.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
}
