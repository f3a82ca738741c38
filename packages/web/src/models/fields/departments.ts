// Departments for 'organization' fields (a department of the tenant): the tree is read once per sign-in
// (GET department/do/tree) and shared by the picker and every cell, which show names instead of IDs.
// The pure parts — names by sid, the picker's tree grouped by company — are tested on their own.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, RESULT_CODES, isLanguage, type Language } from '@ipdesk/core';
import { fetchDepartmentTree, type DepartmentNode } from '../../api/people';
import { useSession } from '../../session/store';

export const departmentKeys = {
  /** Invalidate this after changing departments, so names and pickers read the tree again. */
  all: ['department'] as const,
  tree: (loginTime: number) => ['department', 'tree', loginTime] as const,
};

/** A department's name in the language: the English name when there is one, else the name. */
export function departmentLabel(node: Pick<DepartmentNode, 'name' | 'name_en'>, language: Language): string {
  const english = node.name_en?.trim();
  return language === 'en' && english ? english : node.name;
}

/**
 * The answer as a tree. The API answers nested nodes; a flat list (each node beside its parent) is
 * nested here by parent_sid, so either shape reads the same.
 */
export function asTree(nodes: readonly DepartmentNode[]): DepartmentNode[] {
  const sids = new Set(nodes.map((node) => node.sid));
  const flat = nodes.some((node) => node.parent_sid !== null && sids.has(node.parent_sid));
  if (!flat) return [...nodes];
  const copies = new Map(nodes.map((node) => [node.sid, { ...node, children: [...(node.children ?? [])] }]));
  const roots: DepartmentNode[] = [];
  for (const node of copies.values()) {
    const parent = node.parent_sid !== null && node.parent_sid !== node.sid ? copies.get(node.parent_sid) : undefined;
    if (parent) parent.children?.push(node);
    else roots.push(node);
  }
  return roots;
}

function walk(nodes: readonly DepartmentNode[], visit: (node: DepartmentNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walk(node.children, visit);
  }
}

/** Every department's name by its sid. */
export function departmentNames(tree: readonly DepartmentNode[], language: Language): Map<string, string> {
  const names = new Map<string, string>();
  walk(tree, (node) => names.set(node.sid, departmentLabel(node, language)));
  return names;
}

/** A node of antd's TreeSelect. */
export interface DepartmentOption {
  value: string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  children?: DepartmentOption[];
}

export interface DepartmentTreeOptions {
  language: Language;
  /** Company names by sid, for the group nodes when departments of several companies are shown. */
  companyNames?: ReadonlyMap<string, string>;
  /** Only this company's departments, when it has any. */
  companySid?: string;
  /** Values chosen now: a disabled department stays choosable while it is chosen. */
  chosen?: ReadonlySet<string>;
  /** Added to the title of a disabled department. */
  disabledSuffix?: string;
}

/** Group nodes' values start with this, so they never collide with a department's sid. */
export const COMPANY_NODE_PREFIX = 'company:';

/**
 * The picker's tree: departments by their names, disabled ones (status 0, which cannot be referenced)
 * greyed out; one company's when asked for and it has any, else every company's, grouped under their
 * companies when there are several.
 */
export function departmentTreeData(
  tree: readonly DepartmentNode[],
  options: DepartmentTreeOptions,
): DepartmentOption[] {
  const { language, companyNames, companySid, chosen, disabledSuffix = '' } = options;
  const convert = (node: DepartmentNode): DepartmentOption => {
    const disabled = node.status === 0 && !chosen?.has(node.sid);
    const title = departmentLabel(node, language) + (node.status === 0 ? disabledSuffix : '');
    const children = (node.children ?? []).map(convert);
    return { value: node.sid, title, ...(disabled && { disabled }), ...(children.length > 0 && { children }) };
  };
  const ofCompany = companySid ? tree.filter((node) => node.company_sid === companySid) : [];
  const roots = ofCompany.length > 0 ? ofCompany : tree;
  const companies = [...new Set(roots.map((node) => node.company_sid))];
  if (companies.length <= 1) return roots.map(convert);
  return companies.map((company) => ({
    value: `${COMPANY_NODE_PREFIX}${company}`,
    title: companyNames?.get(company) ?? company,
    selectable: false,
    children: roots.filter((node) => node.company_sid === company).map(convert),
  }));
}

/** A failed read, so react-query keeps no answer and reads again when a picker or cell next mounts. */
class DepartmentsUnavailable extends Error {}

export interface DepartmentsState {
  tree: DepartmentNode[] | undefined;
  /** Names by sid in the current language (empty until the tree is read). */
  names: ReadonlyMap<string, string>;
  language: Language;
  isPending: boolean;
  failed: boolean;
  retry: () => void;
}

/** The tenant's department tree, read once per sign-in. */
export function useDepartments(): DepartmentsState {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const session = useSession();
  const query = useQuery({
    queryKey: departmentKeys.tree(session?.loginTime ?? 0),
    queryFn: async () => {
      const outcome = await fetchDepartmentTree();
      if (outcome.result !== RESULT_CODES.success) throw new DepartmentsUnavailable(outcome.error.url);
      return asTree(outcome.data.data);
    },
    enabled: session !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const tree = query.data;
  const names = useMemo(() => (tree ? departmentNames(tree, language) : new Map<string, string>()), [tree, language]);
  return {
    tree,
    names,
    language,
    isPending: query.isPending && session !== undefined,
    failed: query.isError,
    retry: () => void query.refetch(),
  };
}
