// The cascader of the category kinds (productCategory → product_category, technologyCategory →
// tech_category): the tree of valid categories read through the generic search (scope applies), any level
// may be picked, a chosen category shows its path ("电子 / 半导体"), typing finds categories by name or code
// at any depth, and the field stores the chosen category's sid (several when the field is multiple). A
// category already chosen that is no longer offered (made invalid since) stays shown, by its title. Without
// the right to read the tree the ID is typed, as for other references.
import { useQueries, useQuery } from '@tanstack/react-query';
import { Cascader, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, type Language } from '@ipdesk/core';
import { fetchRecord } from '../../../api/model';
import { mayUse, useHeldResources } from '../../../domains/people/resources';
import { modelKeys } from '../../queries';
import { valuesOf } from '../format';
import { recordTitle, titleFieldsOf } from '../reference-title';
import type { FieldInputProps } from '../types';
import { buildCategoryTree, categoryMatches, fetchCategoryRows, type CategoryNode } from './category-tree';
import { isSearchableModel, refTarget } from './RefPicker';
import { SidInput } from './SidInput';

export interface CascaderOption {
  value: string;
  label: string;
  node?: CategoryNode;
  disabled?: boolean;
  children?: CascaderOption[];
}

interface TreeOption {
  value: string;
  title: string;
  path: string;
  node?: CategoryNode;
  disabled?: boolean;
  children?: TreeOption[];
}

/** The same options for the tree select: a node's label in the tree, its path once chosen. */
function treeOptions(options: readonly CascaderOption[]): TreeOption[] {
  return options.map((option) => ({
    value: option.value,
    title: option.label,
    path: option.node?.path ?? option.label,
    node: option.node,
    disabled: option.disabled,
    ...(option.children && { children: treeOptions(option.children) }),
  }));
}

export function cascaderOptions(nodes: readonly CategoryNode[]): CascaderOption[] {
  return nodes.map((node) => ({
    value: node.sid,
    label: node.title,
    node,
    ...(node.children.length > 0 && { children: cascaderOptions(node.children) }),
  }));
}

/** The tree's referable categories, shared by every picker of the model on the page. */
export function useCategoryTree(model: string, enabled = true) {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const query = useQuery({
    queryKey: modelKeys.search(model, { categoryTree: 'referable' }),
    queryFn: () => fetchCategoryRows(model, true),
    staleTime: 60_000,
    enabled,
  });
  const tree = useMemo(
    () => (query.data ? buildCategoryTree(model, query.data.rows, language, query.data.truncated) : undefined),
    [model, query.data, language],
  );
  return { tree, loading: query.isPending && enabled, language };
}

function CategoryCascader({ target, ...props }: FieldInputProps & { target: string }) {
  const { field, value, onChange, id, disabled, testId } = props;
  const { t } = useTranslation();
  const { tree, loading, language } = useCategoryTree(target);
  const selected = valuesOf(value).filter((item): item is string => typeof item === 'string');
  const missing = tree ? selected.filter((sid) => !tree.bySid.has(sid)) : [];
  // Chosen categories the tree no longer offers read by their titles (the record, as a reference reads it).
  const absent = useQueries({
    queries: missing.map((sid) => ({
      queryKey: modelKeys.record(target, sid),
      queryFn: () => fetchRecord(target, sid, { silent: true }),
    })),
  });
  const kept = missing.map((sid, index): CascaderOption => {
    const answer = absent[index]?.data;
    const row = answer?.result === RESULT_CODES.success ? answer.data.data : undefined;
    const label = recordTitle(row, titleFieldsOf(target, 'name'), target, language) ?? sid;
    return { value: sid, label, disabled: true };
  });
  const options = [...cascaderOptions(tree?.roots ?? []), ...kept];
  const pathOf = (sid: string) => tree?.bySid.get(sid)?.sids ?? [sid];
  // Several categories: a tree select, where each category is chosen on its own (a multiple cascader would
  // turn every subcategory of a node into the node itself, and a node into all its leaves).
  if (field.multiple)
    return (
      <TreeSelect<string[], TreeOption>
        id={id}
        multiple
        showSearch
        allowClear
        disabled={disabled}
        loading={loading}
        treeData={treeOptions(options)}
        treeNodeLabelProp="path"
        treeDefaultExpandAll
        filterTreeNode={(input, option) =>
          option.node ? categoryMatches(option.node, input) : String(option.title).includes(input)
        }
        value={selected}
        onChange={(next) => onChange?.(next)}
        placeholder={t('categoryPicker.placeholder')}
        data-testid={testId}
      />
    );
  return (
    <Cascader<CascaderOption>
      id={id}
      options={options}
      disabled={disabled}
      loading={loading}
      allowClear
      changeOnSelect
      placeholder={t('categoryPicker.placeholder')}
      showSearch={{
        filter: (input, path) =>
          path.some((option) => (option.node ? categoryMatches(option.node, input) : option.label.includes(input))),
      }}
      data-testid={testId}
      value={selected[0] ? pathOf(selected[0]) : undefined}
      onChange={(path) => onChange?.(path && path.length ? String(path[path.length - 1]) : null)}
    />
  );
}

export function CategoryPicker(props: FieldInputProps) {
  const target = refTarget(props.field, props.model);
  const held = useHeldResources();
  if (isSearchableModel(target) && mayUse(held, target)) return <CategoryCascader {...props} target={target} />;
  return <SidInput {...props} hintKey="modelField.refHint" />;
}
