// A company's administrators: users who may maintain that company's information without the
// organisation permission. The list is saved whole (POST /company/do/admins replaces it).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchCompanyAdmins, saveCompanyAdmins, type CompanyRow } from '../../api/org';
import { failureText } from '../roles/feedback';
import { UserMembers, type UserMembersTexts } from '../roles/UserMembers';

export const companyAdminsKey = (sid: string) => ['admin', 'company', sid, 'admins'] as const;

const TEXTS: UserMembersTexts = {
  pick: 'adminOrg.adminsPick',
  add: 'adminOrg.adminsAdd',
  saved: 'adminOrg.saved',
  empty: 'adminOrg.adminsEmpty',
  removeConfirm: 'adminOrg.adminRemoveConfirm',
};

/** The administrators after adding some and removing others, without duplicates, in their order. */
export function nextAdmins(
  current: readonly string[],
  change: { add?: readonly string[]; remove?: readonly string[] },
): string[] {
  const removed = new Set(change.remove ?? []);
  return [...new Set([...current, ...(change.add ?? [])])].filter((sid) => !removed.has(sid));
}

export function CompanyAdmins({ company }: { company: CompanyRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: companyAdminsKey(company.sid), queryFn: () => fetchCompanyAdmins(company.sid) });
  const admins = query.data?.result === RESULT_CODES.success ? query.data.data.data : [];

  if (query.data && query.data.result !== RESULT_CODES.success) {
    return (
      <Result
        status="warning"
        title={failureText(t, query.data.error)}
        extra={<Button onClick={() => void query.refetch()}>{t('adminOrg.retry')}</Button>}
      />
    );
  }

  return (
    <Flex vertical gap={12} data-testid="org-admins">
      <Alert type="info" showIcon message={t('adminOrg.adminsHint')} />
      <UserMembers
        users={admins}
        loading={query.isFetching}
        platform={1}
        texts={TEXTS}
        testIds={{ list: 'org-admins', row: 'org-admin' }}
        pagination={false}
        save={(change) =>
          saveCompanyAdmins({
            sid: company.sid,
            user_sids: nextAdmins(
              admins.map((admin) => admin.sid),
              change,
            ),
          })
        }
        onSaved={(answer) => queryClient.setQueryData(companyAdminsKey(company.sid), answer)}
      />
    </Flex>
  );
}
