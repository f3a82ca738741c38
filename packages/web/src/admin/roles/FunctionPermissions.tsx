// The function-permission tab: the product's resource tree (menus with their buttons, links and tabs)
// with a tick per resource. Resources everyone holds are shown ticked and disabled, those for system
// administrators only and (for agency roles) enterprise-only ones disabled; see permission-tree.ts.
import { Alert, Button, Empty, Flex, Input, Space, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RolePlatform } from '@ipdesk/core';
import type { ResourceNode } from '../../api/roles';
import {
  allGrantable,
  droppedResources,
  resourceState,
  shownChecked,
  toggleResource,
  type ResourceIndex,
  type ResourceState,
} from './permission-tree';

const STATE_TAGS: Record<
  Exclude<ResourceState, 'grantable'>,
  { color: string; key: 'adminRole.level.open' | 'adminRole.level.systemOnly' | 'adminRole.level.enterpriseOnly' }
> = {
  open: { color: 'green', key: 'adminRole.level.open' },
  systemOnly: { color: 'red', key: 'adminRole.level.systemOnly' },
  enterpriseOnly: { color: 'orange', key: 'adminRole.level.enterpriseOnly' },
};

/** Nodes whose name or code contains the text, with the menus above them; all when the text is empty. */
export function filterResourceTree(tree: readonly ResourceNode[], text: string): ResourceNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...tree];
  return tree.flatMap((node) => {
    const children = filterResourceTree(node.children ?? [], text);
    const own = node.name.toLowerCase().includes(needle) || node.code.toLowerCase().includes(needle);
    if (own) return [{ ...node }];
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export function FunctionPermissions({
  tree,
  index,
  platform,
  checked,
  held,
  editable,
  onChange,
}: {
  tree: readonly ResourceNode[];
  index: ResourceIndex;
  platform: RolePlatform;
  checked: ReadonlySet<string>;
  /** The resources the role holds as saved (to warn about ones saving would drop). */
  held: readonly string[];
  editable: boolean;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const dropped = useMemo(() => droppedResources(held, index, platform), [held, index, platform]);

  const treeData = useMemo(() => {
    const toData = (nodes: readonly ResourceNode[]): TreeDataNode[] =>
      nodes.map((node) => {
        const state = resourceState(node, platform);
        const tag = state === 'grantable' ? undefined : STATE_TAGS[state];
        return {
          key: node.code,
          disableCheckbox: state !== 'grantable' || !editable,
          title: (
            <Space size={6} data-testid={`resource-${node.code}`}>
              <span>{node.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {node.code}
              </Typography.Text>
              <Tag bordered={false}>{t(`adminRole.resourceType.${node.type}`)}</Tag>
              {tag && <Tag color={tag.color}>{t(tag.key)}</Tag>}
            </Space>
          ),
          children: node.children && node.children.length > 0 ? toData(node.children) : undefined,
        };
      });
    return toData(filterResourceTree(tree, filter));
  }, [tree, filter, platform, editable, t]);

  if (tree.length === 0) return <Empty description={t('adminRole.noResources')} />;

  return (
    <Flex vertical gap={12} data-testid="role-function-permissions">
      <Alert type="info" showIcon message={t('adminRole.functionHint')} />
      {dropped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('adminRole.droppedResources', { codes: dropped.join(', ') })}
          data-testid="role-dropped-resources"
        />
      )}
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('adminRole.resourceFilter')}
          aria-label={t('adminRole.resourceFilter')}
          onChange={(event) => setFilter(event.target.value)}
          style={{ width: 260 }}
          data-testid="role-resource-filter"
        />
        {editable && (
          <>
            <Button onClick={() => onChange(allGrantable(index, platform))} data-testid="role-resources-all">
              {t('adminRole.selectAll')}
            </Button>
            <Button onClick={() => onChange(new Set())} data-testid="role-resources-none">
              {t('adminRole.selectNone')}
            </Button>
          </>
        )}
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        key={filter}
        treeData={treeData}
        checkedKeys={{ checked: shownChecked(checked, index, platform), halfChecked: [] }}
        onCheck={(_keys, info) =>
          onChange(toggleResource(checked, String(info.node.key), info.checked, index, platform))
        }
        data-testid="role-resource-tree"
      />
    </Flex>
  );
}
