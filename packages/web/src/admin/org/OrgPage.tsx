// /admin/org — the organisation (spec §3): on the left the company tree (built from the company list by
// parent), on the right the selected company with its actions (add a sub-company, edit, move under
// another company, delete, when allowed), its departments, its administrators and the configuration
// packs applied to it. Actions the user cannot use are hidden; the server stays the authority.
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Input,
  Result,
  Row,
  Space,
  Spin,
  Tabs,
  Tag,
  Tree,
  Typography,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { deleteCompany, listCompanies, updateCompany, type CompanyRow } from '../../api/org';
import { COMPANIES_KEY } from '../roles/DepartmentSelect';
import { CompanyAdmins } from './CompanyAdmins';
import { CompanyModal } from './CompanyModal';
import { ConfigPacks } from './ConfigPacks';
import { Departments } from './Departments';
import { refusalText, useConfirmDelete } from './org-feedback';
import { byCompanyOrder, companyMoveOptions, companyTitle } from './org-trees';
import { MoveModal } from './MoveModal';
import { buildTree, companyAccess, filterTree, mapTree, treeKeys, type TreeNode } from './tree';
import { useHeldResource } from './useOrgAccess';

type Dialog =
  | { kind: 'create'; parent: CompanyRow }
  | { kind: 'edit'; company: CompanyRow }
  | { kind: 'move'; company: CompanyRow };

export function OrgPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const canManage = useHeldResource('system.org');
  const [selectedSid, setSelectedSid] = useState<string>();
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>();
  const [tab, setTab] = useState('departments');

  const query = useQuery({ queryKey: COMPANIES_KEY, queryFn: () => listCompanies() });
  const rows = useMemo(
    () => (query.data?.result === RESULT_CODES.success ? query.data.data.data.rows : []),
    [query.data],
  );
  const tree = useMemo(() => buildTree(rows, { ...companyAccess, compare: byCompanyOrder }), [rows]);
  const selected = rows.find((row) => row.sid === selectedSid) ?? tree[0]?.row;

  const treeData = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matches = needle
      ? (row: CompanyRow) =>
          row.company_name.toLowerCase().includes(needle) ||
          (row.simple_name ?? '').toLowerCase().includes(needle) ||
          (row.cname_capital ?? '').toLowerCase().includes(needle)
      : undefined;
    return mapTree<CompanyRow, TreeDataNode>(filterTree(tree, matches), (node: TreeNode<CompanyRow>, children) => ({
      key: node.key,
      title: <span data-testid={`company-node-${node.key}`}>{companyTitle(node.row)}</span>,
      children,
    }));
  }, [tree, filter]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });

  const remove = (company: CompanyRow): void =>
    confirmDelete({
      title: t('adminOrg.deleteCompanyConfirm', { name: company.company_name }),
      content: t('adminOrg.deleteCompanyContent'),
      remove: () => deleteCompany(company.sid),
      onDeleted: async () => {
        setSelectedSid(company.parent_sid ?? undefined);
        await refresh();
      },
    });

  if (query.data && query.data.result !== RESULT_CODES.success) {
    return (
      <Result
        status="warning"
        title={t('model.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('adminOrg.retry')}</Button>}
        data-testid="org-page"
      />
    );
  }

  const isRoot = selected ? !selected.parent_sid : false;
  const pathNames = selected?.path_map
    ? selected.path
        .split('/')
        .filter(Boolean)
        .map((sid) => selected.path_map?.[sid] ?? sid)
        .join(' / ')
    : undefined;

  return (
    <Row gutter={[16, 16]} data-testid="org-page">
      <Col xs={24} lg={8} xl={7}>
        <Card title={t('adminOrg.companies')} data-testid="company-tree-card">
          <Flex vertical gap={12}>
            <Input.Search
              allowClear
              placeholder={t('adminOrg.companyFilter')}
              aria-label={t('adminOrg.companyFilter')}
              onChange={(event) => setFilter(event.target.value)}
              data-testid="company-filter"
            />
            {query.isPending ? (
              <Spin>
                <div style={{ minHeight: 120 }} />
              </Spin>
            ) : treeData.length === 0 ? (
              <Empty description={t('adminOrg.companiesEmpty')} />
            ) : (
              <Tree
                showLine
                blockNode
                key={`${filter}:${rows.length}`}
                defaultExpandedKeys={treeKeys(tree)}
                selectedKeys={selected ? [selected.sid] : []}
                onSelect={(keys) => {
                  const key = keys[0];
                  if (key !== undefined) setSelectedSid(String(key));
                }}
                treeData={treeData}
                data-testid="company-tree"
              />
            )}
            {rows.length >= 1000 && <Typography.Text type="secondary">{t('adminOrg.companiesCapped')}</Typography.Text>}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        {selected ? (
          <Card
            title={
              <Space>
                <ApartmentOutlined />
                <span data-testid="company-title">{companyTitle(selected)}</span>
                {selected.status === 0 && <Tag>{t('adminOrg.disabled')}</Tag>}
              </Space>
            }
            extra={
              <Space wrap>
                {canManage && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => setDialog({ kind: 'create', parent: selected })}
                    data-testid="company-create"
                  >
                    {t('adminOrg.addSubCompany')}
                  </Button>
                )}
                <Button
                  icon={<EditOutlined />}
                  onClick={() => setDialog({ kind: 'edit', company: selected })}
                  data-testid="company-edit"
                >
                  {t('adminOrg.edit')}
                </Button>
                {canManage && !isRoot && (
                  <Button
                    icon={<SwapOutlined />}
                    onClick={() => setDialog({ kind: 'move', company: selected })}
                    data-testid="company-move"
                  >
                    {t('adminOrg.move')}
                  </Button>
                )}
                {canManage && !isRoot && (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(selected)}
                    data-testid="company-delete"
                  >
                    {t('adminOrg.delete')}
                  </Button>
                )}
              </Space>
            }
            data-testid="company-panel"
          >
            <Flex vertical gap={16}>
              <Descriptions size="small" column={{ xs: 1, md: 2 }}>
                <Descriptions.Item label={t('adminOrg.simpleName')}>{selected.simple_name ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('adminOrg.capital')}>{selected.cname_capital ?? ''}</Descriptions.Item>
                <Descriptions.Item label={t('adminOrg.sort')}>{selected.sort_by}</Descriptions.Item>
                {pathNames && <Descriptions.Item label={t('adminOrg.path')}>{pathNames}</Descriptions.Item>}
              </Descriptions>
              <Tabs
                activeKey={canManage || tab === 'departments' ? tab : 'departments'}
                onChange={setTab}
                destroyOnHidden
                items={[
                  {
                    key: 'departments',
                    label: t('adminOrg.tab.departments'),
                    children: <Departments key={selected.sid} company={selected} canManage={canManage} />,
                  },
                  ...(canManage
                    ? [
                        {
                          key: 'admins',
                          label: t('adminOrg.tab.admins'),
                          children: <CompanyAdmins key={selected.sid} company={selected} />,
                        },
                        {
                          key: 'packs',
                          label: t('adminOrg.tab.packs'),
                          children: <ConfigPacks key={selected.sid} company={selected} />,
                        },
                      ]
                    : []),
                ]}
              />
            </Flex>
          </Card>
        ) : (
          <Card>
            <Empty description={t('adminOrg.selectCompany')} />
          </Card>
        )}
      </Col>
      {dialog && dialog.kind !== 'move' && (
        <CompanyModal
          mode={dialog}
          onClose={() => setDialog(undefined)}
          onSaved={(company) => {
            setDialog(undefined);
            void message.success(t('adminOrg.saved'));
            setSelectedSid(company.sid);
            void refresh();
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveModal
          title={t('adminOrg.moveCompanyTitle', { name: dialog.company.company_name })}
          options={companyMoveOptions(rows, dialog.company.sid)}
          current={dialog.company.parent_sid ?? undefined}
          onClose={() => setDialog(undefined)}
          onMove={async (parent) => {
            if (!parent) return undefined;
            const outcome = await updateCompany({
              sid: dialog.company.sid,
              version: dialog.company.version,
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
    </Row>
  );
}
