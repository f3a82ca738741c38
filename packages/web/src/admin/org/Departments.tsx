// The departments (research groups) of the selected company as a tree table: add at the top or under a
// department, edit, move (to another parent within the company, never under itself or below), delete
// (the server refuses while it has children or persons).
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Result, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import {
  deleteDepartment,
  fetchDepartmentTree,
  updateDepartment,
  type CompanyRow,
  type DepartmentRow,
} from '../../api/org';
import { ALL_DEPARTMENTS_KEY } from '../roles/DepartmentSelect';
import { useAccountNames } from '../roles/UserSearchSelect';
import { departmentKeys } from '../../models/fields/departments';
import { DepartmentModal } from './DepartmentModal';
import { MoveModal, TOP_LEVEL } from './MoveModal';
import { refusalText, useConfirmDelete } from './org-feedback';
import { departmentMoveOptions, departmentTableRows, departmentTree, type DepartmentTableRow } from './org-trees';
import { flattenTree, treeKeys } from './tree';

export const departmentsKey = (companySid: string) => ['admin', 'departments', companySid] as const;

export function Departments({ company, canManage }: { company: CompanyRow; canManage: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<
    | { kind: 'create'; parent: DepartmentRow | undefined }
    | { kind: 'edit'; department: DepartmentRow }
    | { kind: 'move'; department: DepartmentRow }
  >();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const query = useQuery({
    queryKey: departmentsKey(company.sid),
    queryFn: () => fetchDepartmentTree(company.sid),
  });
  const rows = useMemo(
    () => (query.data?.result === RESULT_CODES.success ? (flattenTree(query.data.data.data) as DepartmentRow[]) : []),
    [query.data],
  );
  const tree = useMemo(() => departmentTree(rows), [rows]);
  const tableRows = useMemo(() => departmentTableRows(tree), [tree]);
  const leaderNames = useAccountNames(rows.map((row) => row.leader_sid ?? '').filter(Boolean));

  const refresh = async (): Promise<void> => {
    await queryClient.invalidateQueries({ queryKey: departmentsKey(company.sid) });
    await queryClient.invalidateQueries({ queryKey: ALL_DEPARTMENTS_KEY });
    // Department pickers and names elsewhere read the tree once per sign-in: refresh them too.
    await queryClient.invalidateQueries({ queryKey: departmentKeys.all });
  };

  const remove = (department: DepartmentRow): void =>
    confirmDelete({
      title: t('adminOrg.deleteDepartmentConfirm', { name: department.name }),
      content: t('adminOrg.deleteDepartmentContent'),
      remove: () => deleteDepartment(department.sid),
      onDeleted: refresh,
    });

  if (query.data && query.data.result !== RESULT_CODES.success) {
    return (
      <Result
        status="warning"
        title={t('model.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('adminOrg.retry')}</Button>}
      />
    );
  }

  const expanded = treeKeys(tree).filter((key) => !collapsed.has(key));

  return (
    <Flex vertical gap={12} data-testid="org-departments">
      {canManage && (
        <div>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create', parent: undefined })}
            data-testid="department-create"
          >
            {t('adminOrg.addDepartment')}
          </Button>
        </div>
      )}
      <Table<DepartmentTableRow>
        rowKey="sid"
        size="small"
        loading={query.isFetching}
        dataSource={tableRows}
        pagination={false}
        locale={{ emptyText: t('adminOrg.departmentsEmpty') }}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, row) =>
            setCollapsed((before) => {
              const next = new Set(before);
              if (open) next.delete(row.sid);
              else next.add(row.sid);
              return next;
            }),
        }}
        data-testid="department-table"
        columns={[
          {
            key: 'name',
            title: t('adminOrg.departmentName'),
            render: (_v, row) => <span data-testid={`department-name-${row.sid}`}>{row.name}</span>,
          },
          { key: 'name_en', title: t('adminOrg.departmentNameEn'), render: (_v, row) => row.name_en ?? '' },
          { key: 'code', title: t('adminOrg.departmentCode'), render: (_v, row) => row.code ?? '' },
          {
            key: 'leader',
            title: t('adminOrg.leader'),
            render: (_v, row) => (row.leader_sid ? (leaderNames.get(row.leader_sid) ?? row.leader_sid) : ''),
          },
          { key: 'sort', title: t('adminOrg.sort'), dataIndex: 'sort_by', align: 'right' },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: t('adminOrg.actions'),
                  render: (_v: unknown, row: DepartmentRow) => (
                    <Space size={0} wrap>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setDialog({ kind: 'create', parent: row })}
                        data-testid={`department-add-child-${row.sid}`}
                      >
                        {t('adminOrg.addChild')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setDialog({ kind: 'edit', department: row })}
                        data-testid={`department-edit-${row.sid}`}
                      >
                        {t('adminOrg.edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setDialog({ kind: 'move', department: row })}
                        data-testid={`department-move-${row.sid}`}
                      >
                        {t('adminOrg.move')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => remove(row)}
                        data-testid={`department-delete-${row.sid}`}
                      >
                        {t('adminOrg.delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog && dialog.kind !== 'move' && (
        <DepartmentModal
          mode={dialog.kind === 'create' ? { ...dialog, companySid: company.sid } : dialog}
          leaderNames={leaderNames}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            void message.success(t('adminOrg.saved'));
            void refresh();
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveModal
          title={t('adminOrg.moveDepartmentTitle', { name: dialog.department.name })}
          options={departmentMoveOptions(rows, dialog.department.sid)}
          current={dialog.department.parent_sid ?? TOP_LEVEL}
          topLevelLabel={t('adminOrg.topLevel', { company: company.company_name })}
          onClose={() => setDialog(undefined)}
          onMove={async (parent) => {
            const outcome = await updateDepartment({
              sid: dialog.department.sid,
              version: dialog.department.version,
              parent_sid: parent,
            });
            if (outcome.result !== RESULT_CODES.success) return refusalText(t, outcome.error);
            setDialog(undefined);
            void message.success(t('adminOrg.moved'));
            await refresh();
            return undefined;
          }}
        />
      )}
    </Flex>
  );
}
