// A list of users held by something (a role's members, a company's administrators): pick users to add,
// remove one after a confirmation. Each change is saved at once through `save`; the list shows the
// server's answer, and a refusal is told in the server's words.
import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Table, type TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, type MessageKey, type RolePlatform } from '@ipdesk/core';
import type { RequestResult } from '../../api/call';
import type { DataEnvelope } from '../../api/model';
import type { UserBrief } from '../../api/roles';
import { failureText } from './feedback';
import { UserSearchSelect } from './UserSearchSelect';

export type UserListChange = { add?: string[]; remove?: string[] };
export type UserListAnswer = RequestResult<DataEnvelope<UserBrief[]>>;

/** The texts that differ between uses (the columns are the same); `removeConfirm` takes {{name}}. */
export interface UserMembersTexts {
  pick: MessageKey;
  add: MessageKey;
  saved: MessageKey;
  empty: MessageKey;
  removeConfirm: MessageKey;
}

export function UserMembers({
  users,
  loading,
  platform,
  texts,
  testIds,
  pagination,
  save,
  onSaved,
}: {
  users: UserBrief[];
  loading: boolean;
  /** Whose accounts may be picked: 1 enterprise users, 2 agency users. */
  platform: RolePlatform;
  texts: UserMembersTexts;
  /** { list: 'role-members', row: 'role-member' }: role-members-pick, -add, -table, role-member-remove-<sid>. */
  testIds: { list: string; row: string };
  pagination: false | TablePaginationConfig;
  save: (change: UserListChange) => Promise<UserListAnswer>;
  /** The saved answer (for the caller's cache). */
  onSaved: (answer: UserListAnswer) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const change = async (input: UserListChange): Promise<boolean> => {
    setBusy(true);
    const outcome = await save(input);
    setBusy(false);
    if (outcome.result !== RESULT_CODES.success) {
      void message.error(failureText(t, outcome.error));
      return false;
    }
    onSaved(outcome);
    void message.success(t(texts.saved));
    return true;
  };

  return (
    <>
      <Space wrap>
        <UserSearchSelect
          platform={platform}
          value={picked}
          onChange={setPicked}
          exclude={users.map((user) => user.sid)}
          ariaLabel={t(texts.pick)}
          testId={`${testIds.list}-pick`}
        />
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          disabled={picked.length === 0}
          loading={busy}
          onClick={() => void change({ add: picked }).then((done) => done && setPicked([]))}
          data-testid={`${testIds.list}-add`}
        >
          {t(texts.add)}
        </Button>
      </Space>
      <Table<UserBrief>
        rowKey="sid"
        size="small"
        loading={loading}
        dataSource={users}
        pagination={pagination}
        locale={{ emptyText: t(texts.empty) }}
        data-testid={`${testIds.list}-table`}
        columns={[
          { key: 'name', title: t('adminRole.memberName'), dataIndex: 'name' },
          { key: 'account', title: t('adminRole.memberAccount'), dataIndex: 'account' },
          {
            key: 'actions',
            title: t('adminRole.actions'),
            width: 100,
            render: (_v, user) => (
              <Popconfirm
                title={t(texts.removeConfirm, { name: user.name || user.account })}
                okText={t('model.ok')}
                cancelText={t('model.cancel')}
                onConfirm={() => change({ remove: [user.sid] })}
              >
                <Button type="link" danger size="small" data-testid={`${testIds.row}-remove-${user.sid}`}>
                  {t('adminRole.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}
