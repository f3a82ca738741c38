// Department names by sid and the picker's tree (grouped by company, one company's on request, disabled
// departments greyed out unless chosen).
import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from '../../api/people';
import { asTree, COMPANY_NODE_PREFIX, departmentLabel, departmentNames, departmentTreeData } from './departments';

function node(sid: string, name: string, extra: Partial<DepartmentNode> = {}): DepartmentNode {
  return { sid, company_sid: 'CompanyA00000001', parent_sid: null, name, status: 1, ...extra };
}

const tree: DepartmentNode[] = [
  node('Dept000000000001', '研发部', {
    name_en: 'R&D',
    children: [
      node('Dept000000000002', '平台组', { parent_sid: 'Dept000000000001' }),
      node('Dept000000000003', '旧组', { parent_sid: 'Dept000000000001', status: 0 }),
    ],
  }),
  node('Dept000000000004', '法务部', { company_sid: 'CompanyB00000001' }),
];

describe('department names', () => {
  it('maps every department, nested ones too, to its name in the language', () => {
    const zh = departmentNames(tree, 'zh-CN');
    expect(zh.get('Dept000000000001')).toBe('研发部');
    expect(zh.get('Dept000000000003')).toBe('旧组');
    expect(zh.size).toBe(4);
    const en = departmentNames(tree, 'en');
    expect(en.get('Dept000000000001')).toBe('R&D');
    // No English name: the name.
    expect(en.get('Dept000000000002')).toBe('平台组');
  });

  it('uses the name when the English one is blank', () => {
    expect(departmentLabel({ name: '财务部', name_en: '  ' }, 'en')).toBe('财务部');
  });

  it('reads a flat answer as the same tree', () => {
    const flat = [
      node('Dept000000000002', '平台组', { parent_sid: 'Dept000000000001' }),
      node('Dept000000000001', '研发部'),
    ];
    const nested = asTree(flat);
    expect(nested.map((n) => n.sid)).toEqual(['Dept000000000001']);
    expect(nested[0]?.children?.map((n) => n.sid)).toEqual(['Dept000000000002']);
    expect(asTree(tree)).toEqual(tree);
  });
});

describe("the picker's tree", () => {
  const companyNames = new Map([
    ['CompanyA00000001', '总院'],
    ['CompanyB00000001', '分院'],
  ]);

  it('groups the departments of several companies under their names, the groups not selectable', () => {
    const data = departmentTreeData(tree, { language: 'zh-CN', companyNames, disabledSuffix: '（已停用）' });
    expect(data.map((group) => [group.value, group.title, group.selectable])).toEqual([
      [`${COMPANY_NODE_PREFIX}CompanyA00000001`, '总院', false],
      [`${COMPANY_NODE_PREFIX}CompanyB00000001`, '分院', false],
    ]);
    const research = data[0]?.children?.[0];
    expect(research?.title).toBe('研发部');
    expect(research?.children).toEqual([
      { value: 'Dept000000000002', title: '平台组' },
      { value: 'Dept000000000003', title: '旧组（已停用）', disabled: true },
    ]);
  });

  it("shows one company's departments, ungrouped, when asked for", () => {
    const data = departmentTreeData(tree, { language: 'en', companySid: 'CompanyB00000001' });
    expect(data).toEqual([{ value: 'Dept000000000004', title: '法务部' }]);
  });

  it('falls back to every company when the asked-for one has no departments', () => {
    const data = departmentTreeData(tree, { language: 'zh-CN', companySid: 'CompanyC00000001' });
    expect(data).toHaveLength(2);
  });

  it('keeps a disabled department choosable while it is chosen', () => {
    const data = departmentTreeData(tree, {
      language: 'zh-CN',
      companySid: 'CompanyA00000001',
      chosen: new Set(['Dept000000000003']),
    });
    expect(data[0]?.children?.[1]).toEqual({ value: 'Dept000000000003', title: '旧组' });
  });
});
