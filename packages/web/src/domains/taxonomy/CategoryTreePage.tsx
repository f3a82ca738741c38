// A category tree's admin page (/model/product_category, /model/tech_category under System settings): the
// tree of every category the caller may see, found by name, with add subcategory, edit, move (drag, or
// "move under…"), set invalid / valid and delete, each through the generic record calls — so the server's
// checks hold (no circles: 409920, no delete while subcategories remain: 409921, unique code) and their
// messages reach the user in their language. The generic list stays one click away (?view=list).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Tag,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORY_PARENT_FIELD, RESULT_CODES, type Language } from '@ipdesk/core';
import type { RequestResult } from '../../api/call';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { createRecord, deleteRecord, updateRecord, type ModelSchema } from '../../api/model';
import { FormNotice } from '../../components/FormNotice';
import {
  buildCategoryTree,
  categoryMatches,
  fetchCategoryRows,
  type CategoryNode,
} from '../../models/fields/pickers/category-tree';
import { modelKeys } from '../../models/queries';

type Dialog =
  | { kind: 'create'; parent: CategoryNode | undefined }
  | { kind: 'edit'; node: CategoryNode }
  | { kind: 'move'; node: CategoryNode };

interface CategoryValues {
  name: string;
  name_en?: string | null;
  code: string;
  sort_order?: number | null;
  description?: string | null;
}

/** The nodes that match and the ancestors leading to them (a match keeps its whole subtree). */
export function filterCategories(nodes: readonly CategoryNode[], words: string): CategoryNode[] {
  if (words.trim() === '') return [...nodes];
  return nodes.flatMap((node) => {
    if (categoryMatches(node, words)) return [node];
    const children = filterCategories(node.children, words);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** The node and everything under it: where it may not be moved. */
function subtreeSids(node: CategoryNode): Set<string> {
  const sids = new Set<string>();
  const walk = (n: CategoryNode) => {
    sids.add(n.sid);
    n.children.forEach(walk);
  };
  walk(node);
  return sids;
}

export function CategoryTreePage({ schema }: { schema: ModelSchema }) {
  const model = schema.name;
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const { message } = App.useApp();
  const client = useQueryClient();
  const abilities = schema.abilities ?? { create: false, update: false, delete: false, import: false, export: false };
  const labelOf = (name: string) => schema.fields.find((f) => f.name === name)?.label ?? name;
  const query = useQuery({
    queryKey: modelKeys.search(model, { categoryTree: 'all' }),
    queryFn: () => fetchCategoryRows(model, false),
  });
  const tree = useMemo(
    () => (query.data ? buildCategoryTree(model, query.data.rows, language, query.data.truncated) : undefined),
    [model, query.data, language],
  );
  const [words, setWords] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice | undefined>();
  const silent = { silent: true };

  // Every read of the model (this tree, the pickers' trees, lists) is read again after a change.
  const refresh = () => client.invalidateQueries({ queryKey: modelKeys.all(model) });
  // Calls are silent: a refusal (a circle, subcategories left, a code taken) is shown here in the server's
  // words, where the global notice would only say that the service failed for a 409.
  const run = async (write: () => Promise<RequestResult<unknown>>) => {
    setBusy(true);
    setNotice(undefined);
    try {
      const outcome = await write();
      if (outcome.result !== RESULT_CODES.success) {
        setNotice(inlineNotice(outcome.error));
        return false;
      }
      void message.success(t('categoryTree.saved'));
      await refresh();
      return true;
    } finally {
      setBusy(false);
    }
  };
  const move = (node: CategoryNode, parent: string | null) =>
    run(() =>
      updateRecord(
        model,
        { sid: node.sid, version: node.row.version, data: { [CATEGORY_PARENT_FIELD]: parent } },
        silent,
      ),
    );
  const setStatus = (node: CategoryNode, status: 'valid' | 'invalid') =>
    run(() => updateRecord(model, { sid: node.sid, version: node.row.version, data: { status } }, silent));
  const remove = (node: CategoryNode) => run(() => deleteRecord(model, node.sid, node.row.version, silent));

  const shown = useMemo(() => filterCategories(tree?.roots ?? [], words), [tree, words]);
  const toData = (node: CategoryNode): TreeDataNode => ({
    key: node.sid,
    title: (
      <Flex gap={8} align="center" wrap data-testid={`category-node-${String(node.row.code)}`}>
        <span data-testid="category-title">{node.title}</span>
        <Typography.Text type="secondary">{String(node.row.code ?? '')}</Typography.Text>
        {node.row.status === 'invalid' && <Tag color="default">{t('categoryTree.invalidTag')}</Tag>}
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          {abilities.create && (
            <Button
              size="small"
              type="link"
              data-testid="category-add-child"
              onClick={() => setDialog({ kind: 'create', parent: node })}
            >
              {t('categoryTree.addChild')}
            </Button>
          )}
          {abilities.update && (
            <>
              <Button
                size="small"
                type="link"
                data-testid="category-edit"
                onClick={() => setDialog({ kind: 'edit', node })}
              >
                {t('categoryTree.rename')}
              </Button>
              <Button
                size="small"
                type="link"
                data-testid="category-move"
                onClick={() => setDialog({ kind: 'move', node })}
              >
                {t('categoryTree.move')}
              </Button>
              <Button
                size="small"
                type="link"
                data-testid="category-status"
                onClick={() => void setStatus(node, node.row.status === 'invalid' ? 'valid' : 'invalid')}
              >
                {node.row.status === 'invalid' ? t('categoryTree.setValid') : t('categoryTree.setInvalid')}
              </Button>
            </>
          )}
          {abilities.delete && (
            <Popconfirm
              title={t('categoryTree.deleteConfirm', { name: node.title })}
              okText={t('model.ok')}
              cancelText={t('model.cancel')}
              onConfirm={() => remove(node)}
            >
              <Button size="small" type="link" danger data-testid="category-delete">
                {t('categoryTree.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
    ),
    children: node.children.map(toData),
  });
  const treeData = shown.map(toData);

  const allKeys = useMemo(
    () => [...(tree?.bySid.values() ?? [])].filter((n) => n.children.length).map((n) => n.sid),
    [tree],
  );
  const expandedKeys = words.trim() ? allKeys : allKeys.filter((key) => !collapsed.has(key));

  const onDrop: TreeProps['onDrop'] = (info) => {
    const node = tree?.bySid.get(String(info.dragNode.key));
    const target = tree?.bySid.get(String(info.node.key));
    if (!node || !target) return;
    // Dropped onto a category: under it; between two: beside it, under the same parent.
    const parent = info.dropToGap
      ? ((target.row[CATEGORY_PARENT_FIELD] as string | null | undefined) ?? null)
      : target.sid;
    if (parent === ((node.row[CATEGORY_PARENT_FIELD] as string | null | undefined) ?? null)) return;
    void move(node, parent);
  };

  return (
    <Card
      title={schema.label}
      extra={
        <Space>
          <Link to={`/model/${model}?view=list`}>{t('categoryTree.listView')}</Link>
          {abilities.create && (
            <Button
              type="primary"
              data-testid="category-add-root"
              onClick={() => setDialog({ kind: 'create', parent: undefined })}
            >
              {t('categoryTree.addRoot')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('categoryTree.hint')}</Typography.Text>
        {!dialog && <FormNotice notice={notice} testId="category-notice" />}
        <Input.Search
          allowClear
          placeholder={t('categoryTree.search')}
          onChange={(event) => setWords(event.target.value)}
          style={{ maxWidth: 320 }}
          data-testid="category-search"
        />
        {tree?.truncated && (
          <Typography.Text type="warning">{t('categoryTree.truncated', { count: tree.bySid.size })}</Typography.Text>
        )}
        {query.isPending ? (
          <Spin />
        ) : treeData.length === 0 ? (
          <Empty description={t('categoryTree.empty')} />
        ) : (
          <Tree
            blockNode
            draggable={abilities.update && !busy ? { icon: false } : false}
            onDrop={onDrop}
            treeData={treeData}
            expandedKeys={expandedKeys}
            onExpand={(_keys, { node, expanded }) =>
              setCollapsed((previous) => {
                const next = new Set(previous);
                if (expanded) next.delete(String(node.key));
                else next.add(String(node.key));
                return next;
              })
            }
            selectable={false}
            data-testid="category-tree"
          />
        )}
      </Flex>
      {dialog && dialog.kind !== 'move' && (
        <CategoryDialog
          dialog={dialog}
          labelOf={labelOf}
          busy={busy}
          notice={notice}
          onCancel={() => {
            setNotice(undefined);
            setDialog(undefined);
          }}
          onSave={async (values) => {
            const data = { ...values, name_en: values.name_en || null, description: values.description || null };
            const saved =
              dialog.kind === 'create'
                ? await run(() => createRecord(model, { ...data, [CATEGORY_PARENT_FIELD]: dialog.parent?.sid ?? null }))
                : await run(() =>
                    updateRecord(model, { sid: dialog.node.sid, version: dialog.node.row.version, data }, silent),
                  );
            if (saved) setDialog(undefined);
          }}
        />
      )}
      {dialog?.kind === 'move' && tree && (
        <MoveDialog
          node={dialog.node}
          roots={tree.roots}
          busy={busy}
          notice={notice}
          onCancel={() => {
            setNotice(undefined);
            setDialog(undefined);
          }}
          onMove={async (parent) => {
            if (await move(dialog.node, parent)) setDialog(undefined);
          }}
        />
      )}
    </Card>
  );
}

function CategoryDialog({
  dialog,
  labelOf,
  busy,
  notice,
  onCancel,
  onSave,
}: {
  dialog: Exclude<Dialog, { kind: 'move' }>;
  labelOf: (name: string) => string;
  busy: boolean;
  notice: VisibleNotice | undefined;
  onCancel: () => void;
  onSave: (values: CategoryValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryValues>();
  const initial: Partial<CategoryValues> =
    dialog.kind === 'edit'
      ? {
          name: String(dialog.node.row.name ?? ''),
          name_en: (dialog.node.row.name_en as string | null) ?? '',
          code: String(dialog.node.row.code ?? ''),
          sort_order: (dialog.node.row.sort_order as number | null) ?? 0,
          description: (dialog.node.row.description as string | null) ?? '',
        }
      : { sort_order: 0 };
  const parent = dialog.kind === 'create' ? dialog.parent : undefined;
  return (
    <Modal
      open
      title={dialog.kind === 'create' ? t('categoryTree.newTitle') : t('categoryTree.editTitle')}
      okText={t('model.ok')}
      cancelText={t('model.cancel')}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(onSave)}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'category-save' }}
    >
      <FormNotice notice={notice} testId="category-notice" />
      {parent && <Typography.Paragraph>{t('categoryTree.parentLabel', { path: parent.path })}</Typography.Paragraph>}
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="name" label={labelOf('name')} rules={[{ required: true, max: 100 }]}>
          <Input data-testid="category-name" />
        </Form.Item>
        <Form.Item name="name_en" label={labelOf('name_en')} rules={[{ max: 200 }]}>
          <Input data-testid="category-name-en" />
        </Form.Item>
        <Form.Item name="code" label={labelOf('code')} rules={[{ required: true, max: 64 }]}>
          <Input data-testid="category-code" />
        </Form.Item>
        <Form.Item name="sort_order" label={labelOf('sort_order')}>
          <InputNumber min={0} max={999999} precision={0} />
        </Form.Item>
        <Form.Item name="description" label={labelOf('description')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MoveDialog({
  node,
  roots,
  busy,
  notice,
  onCancel,
  onMove,
}: {
  node: CategoryNode;
  roots: readonly CategoryNode[];
  busy: boolean;
  notice: VisibleNotice | undefined;
  onCancel: () => void;
  onMove: (parent: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const ROOT = '';
  const current = (node.row[CATEGORY_PARENT_FIELD] as string | null | undefined) ?? ROOT;
  const [parent, setParent] = useState<string>(current);
  // Not under itself or one of its own subcategories (the server refuses that too, 409920).
  const excluded = subtreeSids(node);
  interface ParentOption {
    value: string;
    title: string;
    children?: ParentOption[];
  }
  const options = (nodes: readonly CategoryNode[]): ParentOption[] =>
    nodes
      .filter((candidate) => !excluded.has(candidate.sid))
      .map((candidate) => ({ value: candidate.sid, title: candidate.title, children: options(candidate.children) }));
  return (
    <Modal
      open
      title={t('categoryTree.moveTo', { name: node.title })}
      okText={t('model.ok')}
      cancelText={t('model.cancel')}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => void onMove(parent === ROOT ? null : parent)}
      okButtonProps={{ disabled: parent === current, 'data-testid': 'category-move-save' }}
    >
      <FormNotice notice={notice} testId="category-notice" />
      <TreeSelect
        style={{ width: '100%' }}
        value={parent}
        onChange={(next: string) => setParent(next ?? ROOT)}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        treeData={[{ value: ROOT, title: t('categoryTree.moveToRoot') }, ...options(roots)]}
        data-testid="category-move-target"
      />
    </Modal>
  );
}
