import { describe, expect, it } from 'vitest';
import type { FamilyEdge, FamilyNode } from './api';
import { buildFamilyTree, type FamilyTreeNode } from './tree';

const node = (sid: string, country: string, filing_date: string | null = null): FamilyNode => ({
  sid,
  sn: sid,
  country,
  filing_date,
});
const edge = (parent: string, child: string, type: FamilyEdge['type']): FamilyEdge => ({
  sid: `${parent}-${child}`,
  parent_sid: parent,
  child_sid: child,
  type,
});
/** The tree as "sid(via)[children]" lines, for readable expectations. */
const shape = (trees: FamilyTreeNode[]): string[] =>
  trees.map(
    (t) => `${t.node.sid}${t.via ? `(${t.via})` : ''}${t.children.length ? `[${shape(t.children).join(',')}]` : ''}`,
  );

describe('the family tree', () => {
  it('hangs each case under its parent, oldest first, with the relation', () => {
    const trees = buildFamilyTree({
      nodes: [
        node('US', 'US', '2014-01-09'),
        node('CN', 'CN', '2013-01-10'),
        node('WO', 'WO', '2014-01-09'),
        node('EP', 'EP', '2014-01-08'),
      ],
      edges: [edge('CN', 'WO', 'PCT'), edge('WO', 'US', 'PCTA'), edge('WO', 'EP', 'PCTA')],
    });
    expect(shape(trees)).toEqual(['CN[WO(PCT)[EP(PCTA),US(PCTA)]]']);
  });

  it('shows each case once, under its nearest parent, and keeps family-ID-only cases as roots', () => {
    const trees = buildFamilyTree({
      nodes: [
        node('A', 'CN', '2020-01-01'),
        node('B', 'US', '2020-06-01'),
        node('C', 'US', '2021-01-01'),
        node('JP', 'JP'),
      ],
      edges: [edge('A', 'B', 'PARIS'), edge('A', 'C', 'PARIS'), edge('B', 'C', 'CA')],
    });
    expect(shape(trees)).toEqual(['A[B(PARIS),C(PARIS)]', 'JP']);
  });

  it('survives loops and ignores relations to cases not shown', () => {
    const trees = buildFamilyTree({
      nodes: [node('X', 'CN', '2020-01-01'), node('Y', 'CN', '2020-02-01')],
      edges: [edge('X', 'Y', 'DIV'), edge('Y', 'X', 'DIV'), edge('X', 'HIDDEN', 'FAMILY')],
    });
    expect(shape(trees)).toEqual(['X[Y(DIV)]']);
  });
});
