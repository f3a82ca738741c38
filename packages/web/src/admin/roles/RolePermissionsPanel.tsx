// The selected role's tabs: function, field and data permissions edited as one draft and saved together
// (POST do/permissions replaces the whole set under the role's version; a stale version says so and
// reloads), and the members, saved as they are changed. Changes apply to the users' next request.
import { ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchResourceTree } from '../../api/menus';
import { fetchRolePermissions, saveRolePermissions, type RoleRow } from '../../api/roles';
import { resourceTreeKey } from '../menu-admin';
import { DataPermissions } from './DataPermissions';
import { failureText, isConflict } from './feedback';
import { FieldPermissions } from './FieldPermissions';
import { FunctionPermissions } from './FunctionPermissions';
import {
  isDraftChanged,
  missingDepartments,
  permissionsPayload,
  toDraft,
  type PermissionDraft,
} from './permission-draft';
import { indexResources } from './permission-tree';
import { RoleMembers } from './RoleMembers';

export const rolePermissionsKey = (sid: string) => ['admin', 'role', sid, 'permissions'] as const;

export type RoleTab = 'function' | 'field' | 'data' | 'members';

export function RolePermissionsPanel({
  role,
  onDirtyChange,
  onMembersChanged,
}: {
  role: RoleRow;
  onDirtyChange: (dirty: boolean) => void;
  onMembersChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<RoleTab>('function');
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string>();

  const permissionsQuery = useQuery({
    queryKey: rolePermissionsKey(role.sid),
    queryFn: () => fetchRolePermissions(role.sid),
  });
  const treeQuery = useQuery({
    queryKey: resourceTreeKey(i18n.language),
    queryFn: fetchResourceTree,
    staleTime: 5 * 60_000,
  });
  const loaded = permissionsQuery.data?.result === RESULT_CODES.success ? permissionsQuery.data.data.data : undefined;
  const tree = useMemo(
    () => (treeQuery.data?.result === RESULT_CODES.success ? treeQuery.data.data.data : []),
    [treeQuery.data],
  );
  const index = useMemo(() => indexResources(tree), [tree]);

  // The draft belongs to the permissions it was started from: a reload (after a save or a conflict)
  // or another role starts afresh from what the server answered.
  const loadedKey = loaded ? `${loaded.sid}:${loaded.version}` : '';
  const saved = useMemo(() => (loaded ? toDraft(loaded) : undefined), [loaded]);
  const [edit, setEdit] = useState<{ key: string; draft: PermissionDraft }>();
  const draft = edit && edit.key === loadedKey ? edit.draft : saved;
  const dirty = saved !== undefined && draft !== undefined && isDraftChanged(saved, draft);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const update = (change: Partial<PermissionDraft>): void => {
    if (!draft) return;
    setServerError(undefined);
    setEdit({ key: loadedKey, draft: { ...draft, ...change } });
  };

  const problems = draft && attempted ? missingDepartments(draft) : [];

  const save = async (): Promise<void> => {
    if (!draft || !loaded) return;
    setAttempted(true);
    setServerError(undefined);
    if (missingDepartments(draft).length > 0) {
      setTab('data');
      return;
    }
    setSaving(true);
    const outcome = await saveRolePermissions(
      permissionsPayload(role.sid, loaded.version, draft, index, role.platform),
    );
    setSaving(false);
    if (outcome.result === RESULT_CODES.success) {
      setAttempted(false);
      queryClient.setQueryData<typeof permissionsQuery.data>(rolePermissionsKey(role.sid), outcome);
      void message.success(t('adminRole.permissionsSaved'));
      return;
    }
    if (isConflict(outcome.error)) {
      void message.warning(t('adminRole.permissionsConflict'));
      setEdit(undefined);
      await permissionsQuery.refetch();
      return;
    }
    setServerError(failureText(t, outcome.error));
  };

  const discard = (): void => {
    setEdit(undefined);
    setAttempted(false);
    setServerError(undefined);
  };

  const failed =
    (permissionsQuery.data !== undefined && permissionsQuery.data.result !== RESULT_CODES.success) ||
    (treeQuery.data !== undefined && treeQuery.data.result !== RESULT_CODES.success);

  const title = (
    <Space wrap>
      <Typography.Text strong>{role.name}</Typography.Text>
      <Typography.Text type="secondary">{role.code}</Typography.Text>
      <Tag>{t(`adminRole.platform.${role.platform}`)}</Tag>
      {dirty && (
        <Badge status="warning" text={<span data-testid="role-permissions-dirty">{t('adminRole.unsaved')}</span>} />
      )}
    </Space>
  );

  const saveBar = tab !== 'members' && draft && (
    <Space>
      <Button
        icon={<UndoOutlined />}
        disabled={!dirty || saving}
        onClick={discard}
        data-testid="role-permissions-discard"
      >
        {t('adminRole.discard')}
      </Button>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        disabled={!dirty}
        loading={saving}
        onClick={() => void save()}
        data-testid="role-permissions-save"
      >
        {t('adminRole.savePermissions')}
      </Button>
    </Space>
  );

  let body: ReactNode;
  if (failed) {
    body = (
      <Result
        status="warning"
        title={t('model.loadFailed')}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              void permissionsQuery.refetch();
              void treeQuery.refetch();
            }}
          >
            {t('adminRole.retry')}
          </Button>
        }
      />
    );
  } else if (!draft || !loaded || treeQuery.isPending) {
    body = (
      <Spin>
        <div style={{ minHeight: 200 }} />
      </Spin>
    );
  } else {
    body = (
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as RoleTab)}
        tabBarExtraContent={saveBar}
        items={[
          {
            key: 'function',
            label: t('adminRole.tab.function'),
            children: (
              <FunctionPermissions
                tree={tree}
                index={index}
                platform={role.platform}
                checked={draft.resources}
                held={loaded.resources}
                editable
                onChange={(resources) => update({ resources })}
              />
            ),
          },
          {
            key: 'field',
            label: t('adminRole.tab.field'),
            children: (
              <FieldPermissions
                rules={draft.field_rules}
                editable
                onChange={(field_rules) => update({ field_rules })}
              />
            ),
          },
          {
            key: 'data',
            label: t('adminRole.tab.data'),
            children: <DataPermissions draft={draft} editable problems={problems} onChange={update} />,
          },
          {
            key: 'members',
            label: t('adminRole.tab.members'),
            children: <RoleMembers role={role} onChanged={onMembersChanged} />,
          },
        ]}
      />
    );
  }

  return (
    <Card title={title} data-testid="role-permissions">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('adminRole.applyHint')} data-testid="role-apply-hint" />
        {serverError && (
          <Alert type="error" showIcon message={<span data-testid="role-permissions-error">{serverError}</span>} />
        )}
        {body}
      </Space>
    </Card>
  );
}
