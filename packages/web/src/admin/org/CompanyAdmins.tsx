// A company's administrators: users who may maintain that company's information without the
// organisation permission. The list is saved whole (POST /company/do/admins replaces it).
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Result, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchCompanyAdmins, saveCompanyAdmins, type CompanyRow } from '../../api/org';
import type { UserBrief } from '../../api/roles';
import { failureText } from '../roles/feedback';
import { UserSearchSelect } from '../roles/UserSearchSelect';

export const companyAdminsKey = (sid: string) => ['admin', 'company', sid, 'admins'] as const;

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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const query = useQuery({ queryKey: companyAdminsKey(company.sid), queryFn: () => fetchCompanyAdmins(company.sid) });
  const admins = query.data?.result === RESULT_CODES.success ? query.data.data.data : [];

  const save = async (change: { add?: string[]; remove?: string[] }): Promise<boolean> => {
    setBusy(true);
    const outcome = await saveCompanyAdmins({
      sid: company.sid,
      user_sids: nextAdmins(
        admins.map((admin) => admin.sid),
        change,
      ),
    });
    setBusy(false);
    if (outcome.result !== RESULT_CODES.success) {
      void message.error(failureText(t, outcome.error));
      return false;
    }
    queryClient.setQueryData(companyAdminsKey(company.sid), outcome);
    void message.success(t('adminOrg.saved'));
    return true;
  };

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
      <Space wrap>
        <UserSearchSelect
          platform={1}
          value={picked}
          onChange={setPicked}
          exclude={admins.map((admin) => admin.sid)}
          ariaLabel={t('adminOrg.adminsPick')}
          testId="org-admins-pick"
        />
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          disabled={picked.length === 0}
          loading={busy}
          onClick={() => void save({ add: picked }).then((done) => done && setPicked([]))}
          data-testid="org-admins-add"
        >
          {t('adminOrg.adminsAdd')}
        </Button>
      </Space>
      <Table<UserBrief>
        rowKey="sid"
        size="small"
        loading={query.isFetching}
        dataSource={admins}
        pagination={false}
        locale={{ emptyText: t('adminOrg.adminsEmpty') }}
        data-testid="org-admins-table"
        columns={[
          { key: 'name', title: t('adminOrg.userName'), dataIndex: 'name' },
          { key: 'account', title: t('adminOrg.userAccount'), dataIndex: 'account' },
          {
            key: 'actions',
            title: t('adminOrg.actions'),
            width: 100,
            render: (_v, admin) => (
              <Popconfirm
                title={t('adminOrg.adminRemoveConfirm', { name: admin.name || admin.account })}
                okText={t('model.ok')}
                cancelText={t('model.cancel')}
                onConfirm={() => save({ remove: [admin.sid] })}
              >
                <Button type="link" danger size="small" data-testid={`org-admin-remove-${admin.sid}`}>
                  {t('adminOrg.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
}
