// The members tab: users holding the role, adding users (people with a login account of the role's
// platform) and removing them. Saved at once; the users' next request uses the change.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { changeRoleUsers, fetchRoleUsers, type RoleRow } from '../../api/roles';
import { UserMembers, type UserMembersTexts } from './UserMembers';

export const roleUsersKey = (sid: string) => ['admin', 'role', sid, 'users'] as const;

const TEXTS: UserMembersTexts = {
  pick: 'adminRole.membersPick',
  add: 'adminRole.membersAdd',
  saved: 'adminRole.membersSaved',
  empty: 'adminRole.membersEmpty',
  removeConfirm: 'adminRole.memberRemoveConfirm',
};

export function RoleMembers({ role, onChanged }: { role: RoleRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: roleUsersKey(role.sid), queryFn: () => fetchRoleUsers(role.sid) });
  const users = query.data?.result === RESULT_CODES.success ? query.data.data.data : [];

  return (
    <Flex vertical gap={12} data-testid="role-members">
      <Alert type="info" showIcon message={t('adminRole.membersHint')} />
      <UserMembers
        users={users}
        loading={query.isFetching}
        platform={role.platform}
        texts={TEXTS}
        testIds={{ list: 'role-members', row: 'role-member' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        save={(change) => changeRoleUsers({ sid: role.sid, ...change })}
        onSaved={(answer) => {
          queryClient.setQueryData(roleUsersKey(role.sid), answer);
          onChanged();
        }}
      />
    </Flex>
  );
}
