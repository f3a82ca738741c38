// /admin/menus — holders of system.menus arrange the tenant's menu tree over the resource catalogue
// (spec §3 "Menu", §5 "Lists and menus"): add top-level menus and child menus, edit, delete (a menu with
// children cannot go), move among siblings, and bind a menu to a resource. A menu bound to a resource
// opens a page and takes no children. Users see the changes at their next sign-in (their menus are
// cached then). The server applies the same rules and its refusals are shown by the request layer.
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  LinkOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  MENU_ICONS,
  MENU_NAME_MAX,
  MENU_OPEN_TYPES,
  MENU_PATH_PATTERN,
  MENU_SCOPES,
  RESULT_CODES,
  isLanguage,
  type MenuLevel,
  type MenuMove,
  type MenuOpenType,
  type MenuScope,
  type MessageKey,
} from '@ipdesk/core';
import {
  createMenu,
  deleteMenu,
  fetchMenuTree,
  fetchResourceTree,
  moveMenu,
  updateMenu,
  type MenuRow,
} from '../api/menus';
import { menuIcon } from '../app/menu-icons';
import { isExternalPath } from '../app/menu-tree';
import {
  MENU_PATH_MAX,
  MENU_TREE_KEY,
  RESOURCE_TYPE_KEYS,
  NEW_MENU_VALUES,
  addChildProblem,
  childLevel,
  deleteProblem,
  flattenMenus,
  flattenResources,
  formValuesOf,
  menuFieldsOf,
  menuKeysWithChildren,
  moveProblem,
  normalizeMenuTree,
  resourceTreeKey,
  resourcesByType,
  siblingPositions,
  suggestedPath,
  type MenuFormValues,
} from './menu-admin';
import { lengthCount } from '../components/length-limit';

const MENU_LEVEL_KEYS: Record<MenuLevel, MessageKey> = {
  1: 'adminMenu.level.1',
  2: 'adminMenu.level.2',
  3: 'adminMenu.level.3',
  4: 'adminMenu.level.4',
};
const OPEN_TYPE_KEYS: Record<MenuOpenType, MessageKey> = {
  self: 'adminMenu.openType.self',
  blank: 'adminMenu.openType.blank',
};
const SCOPE_KEYS: Record<MenuScope, MessageKey> = {
  0: 'adminMenu.scope.0',
  1: 'adminMenu.scope.1',
  2: 'adminMenu.scope.2',
};

/** The form: a new menu under `parent` (null: top level), or `row` (under `parent`) being edited. */
interface Editor {
  parent: MenuRow | null;
  row?: MenuRow;
}

export function MenusPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<Editor>();
  const [expanded, setExpanded] = useState<readonly Key[]>();
  const [busy, setBusy] = useState<string>();

  const tree = useQuery({ queryKey: MENU_TREE_KEY, queryFn: fetchMenuTree });
  const resources = useQuery({ queryKey: resourceTreeKey(language), queryFn: fetchResourceTree });
  const treeFailed = tree.data !== undefined && tree.data.result !== RESULT_CODES.success;
  const rows = useMemo(
    () => (tree.data?.result === RESULT_CODES.success ? normalizeMenuTree(tree.data.data.data) : []),
    [tree.data],
  );
  const resourceNodes = useMemo(
    () => (resources.data?.result === RESULT_CODES.success ? resources.data.data.data : []),
    [resources.data],
  );
  const resourcesLoaded = resources.data?.result === RESULT_CODES.success;
  const resourceNames = useMemo(
    () => new Map(flattenResources(resourceNodes).map((node) => [node.code, node.name])),
    [resourceNodes],
  );
  const positions = useMemo(() => siblingPositions(rows), [rows]);
  const bySid = useMemo(() => new Map(flattenMenus(rows).map((row) => [row.sid, row])), [rows]);
  const groups = useMemo(() => menuKeysWithChildren(rows), [rows]);
  const expandedKeys = expanded ?? groups;

  const refresh = () => queryClient.invalidateQueries({ queryKey: MENU_TREE_KEY });

  const move = async (row: MenuRow, direction: MenuMove): Promise<void> => {
    setBusy(row.sid);
    const outcome = await moveMenu(row.sid, direction);
    if (outcome.result === RESULT_CODES.success) void message.success(t('adminMenu.moved'));
    await refresh();
    setBusy(undefined);
  };

  const remove = async (row: MenuRow): Promise<void> => {
    setBusy(row.sid);
    const outcome = await deleteMenu(row.sid);
    if (outcome.result === RESULT_CODES.success) void message.success(t('adminMenu.deleted'));
    await refresh();
    setBusy(undefined);
  };

  const columns: ColumnsType<MenuRow> = [
    {
      key: 'name_zh',
      title: t('adminMenu.nameZh'),
      render: (_value, row) => <span data-testid={`menu-name-${row.sid}`}>{row.name_zh}</span>,
    },
    { key: 'name_en', title: t('adminMenu.nameEn'), dataIndex: 'name_en' },
    {
      key: 'level',
      title: t('adminMenu.level'),
      render: (_value, row) => <Tag>{t(MENU_LEVEL_KEYS[row.level])}</Tag>,
    },
    {
      key: 'resource',
      title: t('adminMenu.resource'),
      render: (_value, row) =>
        row.resource_code ? (
          <Flex vertical>
            <Typography.Text code>{row.resource_code}</Typography.Text>
            <Typography.Text type="secondary">
              {resourceNames.get(row.resource_code) ?? (resourcesLoaded ? t('adminMenu.unknownResource') : null)}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('adminMenu.noResource')}</Typography.Text>
        ),
    },
    {
      key: 'path',
      title: t('adminMenu.path'),
      render: (_value, row) =>
        row.path ? (
          <Space size={4}>
            {isExternalPath(row.path) && <LinkOutlined />}
            <Typography.Text style={{ maxWidth: 220 }} ellipsis={{ tooltip: row.path }}>
              {row.path}
            </Typography.Text>
          </Space>
        ) : null,
    },
    { key: 'open_type', title: t('adminMenu.openType'), render: (_value, row) => t(OPEN_TYPE_KEYS[row.open_type]) },
    {
      key: 'icon',
      title: t('adminMenu.icon'),
      render: (_value, row) =>
        row.icon ? (
          <Space size={4}>
            {menuIcon(row.icon)}
            <Typography.Text type="secondary">{row.icon}</Typography.Text>
          </Space>
        ) : null,
    },
    { key: 'scope', title: t('adminMenu.scope'), render: (_value, row) => t(SCOPE_KEYS[row.scope]) },
    {
      key: 'status',
      title: t('adminMenu.status'),
      render: (_value, row) =>
        row.status === 1 ? <Tag color="green">{t('adminMenu.enabled')}</Tag> : <Tag>{t('adminMenu.disabled')}</Tag>,
    },
    {
      key: 'actions',
      title: t('adminMenu.actions'),
      fixed: 'right',
      render: (_value, row) => {
        const childProblem = addChildProblem(row);
        const up = moveProblem(positions, row.sid, 'up');
        const down = moveProblem(positions, row.sid, 'down');
        const hasChildren = deleteProblem(row) !== undefined;
        const working = busy !== undefined;
        return (
          <Space size={0} wrap>
            <Tooltip
              title={
                childProblem === 'bound'
                  ? t('adminMenu.addChildBound')
                  : childProblem === 'deepest'
                    ? t('adminMenu.addChildDeepest')
                    : undefined
              }
            >
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                disabled={childProblem !== undefined}
                onClick={() => setEditor({ parent: row })}
                data-testid={`menu-add-child-${row.sid}`}
              >
                {t('adminMenu.addChild')}
              </Button>
            </Tooltip>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditor({ parent: (row.parent_sid && bySid.get(row.parent_sid)) || null, row })}
              data-testid={`menu-edit-${row.sid}`}
            >
              {t('adminMenu.edit')}
            </Button>
            <Tooltip title={up === 'first' ? t('adminMenu.moveFirst') : t('adminMenu.moveUp')}>
              <Button
                type="link"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('adminMenu.moveUp')}
                disabled={up !== undefined || working}
                onClick={() => void move(row, 'up')}
                data-testid={`menu-move-up-${row.sid}`}
              />
            </Tooltip>
            <Tooltip title={down === 'last' ? t('adminMenu.moveLast') : t('adminMenu.moveDown')}>
              <Button
                type="link"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('adminMenu.moveDown')}
                disabled={down !== undefined || working}
                onClick={() => void move(row, 'down')}
                data-testid={`menu-move-down-${row.sid}`}
              />
            </Tooltip>
            {hasChildren ? (
              <Tooltip title={t('adminMenu.deleteHasChildren')}>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled
                  data-testid={`menu-delete-${row.sid}`}
                >
                  {t('adminMenu.delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('adminMenu.deleteConfirm', { name: language === 'en' ? row.name_en : row.name_zh })}
                okText={t('model.ok')}
                cancelText={t('model.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'menu-delete-ok' }}
                onConfirm={() => remove(row)}
              >
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={working}
                  data-testid={`menu-delete-${row.sid}`}
                >
                  {t('adminMenu.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="menus-page">
      <Card
        title={t('adminMenu.title')}
        extra={
          <Space wrap>
            <Button onClick={() => setExpanded(groups)} data-testid="menus-expand-all">
              {t('adminMenu.expandAll')}
            </Button>
            <Button onClick={() => setExpanded([])} data-testid="menus-collapse-all">
              {t('adminMenu.collapseAll')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ parent: null })}
              disabled={treeFailed}
              data-testid="menus-add-top"
            >
              {t('adminMenu.addTop')}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            message={<span data-testid="menus-relogin-notice">{t('adminMenu.reloginNotice')}</span>}
            description={t('adminMenu.boundHint')}
          />
          {treeFailed && (
            <Alert
              type="error"
              showIcon
              message={t('adminMenu.loadFailed')}
              action={
                <Button size="small" onClick={() => void tree.refetch()} data-testid="menus-retry">
                  {t('adminMenu.retry')}
                </Button>
              }
              data-testid="menus-load-failed"
            />
          )}
          <Table<MenuRow>
            rowKey="sid"
            size="middle"
            loading={tree.isFetching}
            dataSource={rows}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('adminMenu.empty') }}
            expandable={{
              expandedRowKeys: expandedKeys,
              onExpandedRowsChange: (keys) => setExpanded(keys),
            }}
            data-testid="menus-table"
          />
        </Flex>
      </Card>
      {editor && (
        <MenuEditor
          editor={editor}
          resourceOptions={resourcesByType(resourceNodes).map(([type, list]) => ({
            label: t(RESOURCE_TYPE_KEYS[type]),
            title: t(RESOURCE_TYPE_KEYS[type]),
            options: list.map((node) => ({ value: node.code, label: `${node.name} (${node.code})` })),
          }))}
          resourcesLoading={resources.isPending}
          resourcesFailed={resources.data !== undefined && resources.data.result !== RESULT_CODES.success}
          onClose={() => setEditor(undefined)}
          onSaved={async () => {
            // A new child shows at once, even under a menu that had none (and so was not open).
            const parentSid = editor.row ? undefined : editor.parent?.sid;
            if (parentSid) setExpanded((keys) => (keys && !keys.includes(parentSid) ? [...keys, parentSid] : keys));
            setEditor(undefined);
            void message.success(t('adminMenu.saved'));
            await refresh();
          }}
        />
      )}
    </Flex>
  );
}

interface ResourceOptionGroup {
  label: string;
  title: string;
  options: Array<{ value: string; label: string }>;
}

interface MenuEditorProps {
  editor: Editor;
  resourceOptions: ResourceOptionGroup[];
  resourcesLoading: boolean;
  resourcesFailed: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

function MenuEditor({ editor, resourceOptions, resourcesLoading, resourcesFailed, onClose, onSaved }: MenuEditorProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [form] = Form.useForm<MenuFormValues>();
  const [saving, setSaving] = useState(false);
  const nameOf = (row: MenuRow) => (language === 'en' ? row.name_en : row.name_zh);

  const { parent, row: editing } = editor;
  const level: MenuLevel = editing ? editing.level : childLevel(parent);
  // Spec §5: a menu with children cannot be bound to a resource (400304).
  const hasChildren = editing ? deleteProblem(editing) !== undefined : false;
  const title = editing
    ? t('adminMenu.editTitle', { name: nameOf(editing) })
    : parent
      ? t('adminMenu.createChildTitle', { parent: nameOf(parent) })
      : t('adminMenu.createTitle');

  const nameRules = [
    { required: true, whitespace: true, message: t('adminMenu.nameRequired') },
    { max: MENU_NAME_MAX, message: t('adminMenu.nameTooLong', { max: MENU_NAME_MAX }) },
  ];

  const save = async (): Promise<void> => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const fields = menuFieldsOf(values);
    setSaving(true);
    const outcome = editing
      ? await updateMenu({ sid: editing.sid, version: editing.version, ...fields })
      : await createMenu({ ...fields, parent_sid: parent?.sid ?? null, level });
    setSaving(false);
    if (outcome.result === RESULT_CODES.success) await onSaved();
  };

  return (
    <Modal
      open
      title={title}
      width={640}
      okText={t('model.ok')}
      cancelText={t('model.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'menu-form-ok' }}
      destroyOnHidden
    >
      <Form<MenuFormValues>
        form={form}
        layout="vertical"
        initialValues={editing ? formValuesOf(editing) : NEW_MENU_VALUES}
        data-testid="menu-form"
      >
        <Form.Item label={t('adminMenu.parent')}>
          <Space>
            <Typography.Text data-testid="menu-form-parent">
              {parent ? nameOf(parent) : t('adminMenu.parentNone')}
            </Typography.Text>
            <Tag data-testid="menu-form-level">{t(MENU_LEVEL_KEYS[level])}</Tag>
          </Space>
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="name_zh" label={t('adminMenu.nameZh')} rules={nameRules} style={{ flex: 1 }}>
            <Input count={lengthCount(MENU_NAME_MAX)} data-testid="menu-form-name-zh" />
          </Form.Item>
          <Form.Item name="name_en" label={t('adminMenu.nameEn')} rules={nameRules} style={{ flex: 1 }}>
            <Input count={lengthCount(MENU_NAME_MAX)} data-testid="menu-form-name-en" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="resource_code"
          label={t('adminMenu.resource')}
          extra={
            hasChildren
              ? t('adminMenu.resourceHasChildren')
              : resourcesFailed
                ? t('adminMenu.resourcesLoadFailed')
                : undefined
          }
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('adminMenu.resourcePlaceholder')}
            options={resourceOptions}
            loading={resourcesLoading}
            disabled={hasChildren}
            onChange={(code: string | undefined) => {
              const path = form.getFieldValue('path') as string | null | undefined;
              const suggestion = code ? suggestedPath(code) : undefined;
              if (suggestion && !path?.trim()) form.setFieldValue('path', suggestion);
            }}
            data-testid="menu-form-resource"
          />
        </Form.Item>
        <Form.Item
          name="path"
          label={t('adminMenu.path')}
          extra={t('adminMenu.pathHint')}
          rules={[
            { pattern: MENU_PATH_PATTERN, message: t('adminMenu.pathPattern') },
            { max: MENU_PATH_MAX, message: t('adminMenu.pathTooLong', { max: MENU_PATH_MAX }) },
          ]}
        >
          <Input count={lengthCount(MENU_PATH_MAX)} data-testid="menu-form-path" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="open_type" label={t('adminMenu.openType')}>
            <Radio.Group
              options={MENU_OPEN_TYPES.map((value) => ({ value, label: t(OPEN_TYPE_KEYS[value]) }))}
              data-testid="menu-form-open-type"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('adminMenu.status')} valuePropName="checked">
            <Switch
              checkedChildren={t('adminMenu.enabled')}
              unCheckedChildren={t('adminMenu.disabled')}
              data-testid="menu-form-enabled"
            />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="icon" label={t('adminMenu.icon')} style={{ flex: 1 }}>
            <Select
              allowClear
              placeholder={t('adminMenu.noIcon')}
              options={MENU_ICONS.map((name) => ({
                value: name,
                label: (
                  <Space size={6}>
                    {menuIcon(name)}
                    {name}
                  </Space>
                ),
              }))}
              data-testid="menu-form-icon"
            />
          </Form.Item>
          <Form.Item name="scope" label={t('adminMenu.scope')} style={{ flex: 1 }}>
            <Select
              options={MENU_SCOPES.map((value) => ({ value, label: t(SCOPE_KEYS[value]) }))}
              data-testid="menu-form-scope"
            />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
