import { describe, expect, it } from 'vitest';
import {
  checkRelation,
  RELATION_TYPES,
  RELATION_WARNINGS,
  type RelationCase,
  type RelationType,
  type RelationWarning,
} from './relations.js';

let next = 0;
const kase = (country: string, extra: Partial<RelationCase> = {}): RelationCase => ({
  sid: `case${next++}`,
  country,
  ...extra,
});

/** For each warning: a relation that raises it and a close one that does not. */
const PAIRS: Record<
  RelationWarning,
  { on: [RelationType, RelationCase, RelationCase]; off: [RelationType, RelationCase, RelationCase] }
> = {
  parentFiledAfterChild: {
    on: ['PARIS', kase('CN', { filingDate: '2024-03-02' }), kase('US', { filingDate: '2024-03-01' })],
    // Same day is fine (a divisional or national phase keeps its parent's date); so is a missing date.
    off: ['PARIS', kase('CN', { filingDate: '2024-03-01' }), kase('US', { filingDate: '2024-03-01' })],
  },
  familyMismatch: {
    on: ['FAMILY', kase('CN', { familyId: 'F1' }), kase('US', { familyId: 'F2' })],
    off: ['FAMILY', kase('CN', { familyId: 'F1' }), kase('US', { familyId: null })],
  },
  parisSameCountry: { on: ['PARIS', kase('CN'), kase('cn')], off: ['PARIS', kase('CN'), kase('US')] },
  parisWo: { on: ['PARIS', kase('CN'), kase('WO')], off: ['PARIS', kase('CN'), kase('JP')] },
  countryMustMatch: { on: ['DIV', kase('CN'), kase('US')], off: ['DIV', kase('CN'), kase('CN')] },
  continuationNotUs: { on: ['CA', kase('CN'), kase('CN')], off: ['CA', kase('US'), kase('US')] },
  pctParentWo: { on: ['PCT', kase('WO'), kase('WO')], off: ['PCT', kase('CN'), kase('WO')] },
  pctChildNotWo: { on: ['PCT', kase('CN'), kase('US')], off: ['PCT', kase('CN'), kase('WO')] },
  pctaParentNotWo: { on: ['PCTA', kase('CN'), kase('US')], off: ['PCTA', kase('WO'), kase('US')] },
  pctaChildWo: { on: ['PCTA', kase('WO'), kase('WO')], off: ['PCTA', kase('WO'), kase('CN')] },
  hagueParentWo: { on: ['HAGUE', kase('WO'), kase('WO')], off: ['HAGUE', kase('CN'), kase('WO')] },
  hagueChildNotWo: { on: ['HAGUE', kase('CN'), kase('US')], off: ['HAGUE', kase('CN'), kase('WO')] },
  haguepParentNotWo: { on: ['HAGUEP', kase('CN'), kase('US')], off: ['HAGUEP', kase('WO'), kase('US')] },
  haguepChildWo: { on: ['HAGUEP', kase('WO'), kase('WO')], off: ['HAGUEP', kase('WO'), kase('CN')] },
};

describe('relation checks (spec §5)', () => {
  it.each(RELATION_WARNINGS)('%s: raised by its case, not by the close one', (code) => {
    const { on, off } = PAIRS[code];
    expect(checkRelation(...on).warnings).toContain(code);
    expect(checkRelation(...off).warnings).not.toContain(code);
  });

  it('refuses a case related to itself, whatever the type', () => {
    const one = kase('CN');
    for (const type of RELATION_TYPES)
      expect(checkRelation(type, one, { ...one, country: 'US' })).toEqual({ errors: ['sameCase'], warnings: [] });
  });

  it('gives well-formed relations no warning', () => {
    const p = (country: string, filingDate: string) => kase(country, { filingDate, familyId: 'F' });
    const clean: Array<[RelationType, RelationCase, RelationCase]> = [
      ['FAMILY', p('CN', '2023-01-01'), p('US', '2023-06-01')],
      ['PARIS', p('CN', '2023-01-01'), p('US', '2023-12-20')],
      ['PCT', p('CN', '2023-01-01'), p('WO', '2023-12-20')],
      ['PCTA', p('WO', '2023-12-20'), p('CN', '2023-12-20')],
      ['HAGUE', p('CN', '2023-01-01'), p('WO', '2023-05-01')],
      ['HAGUEP', p('WO', '2023-05-01'), p('JP', '2023-05-01')],
      ['CA', p('US', '2023-01-01'), p('US', '2024-01-01')],
      ['CIP', p('US', '2023-01-01'), p('US', '2024-01-01')],
      ['DIV', p('CN', '2023-01-01'), p('CN', '2023-01-01')],
    ];
    for (const [type, parent, child] of clean)
      expect(checkRelation(type, parent, child), type).toEqual({ errors: [], warnings: [] });
  });

  it('lists every warning that applies, in a stable order', () => {
    const parent = kase('CN', { filingDate: '2024-05-01', familyId: 'A' });
    const child = kase('JP', { filingDate: '2024-01-01', familyId: 'B' });
    expect(checkRelation('CIP', parent, child).warnings).toEqual([
      'parentFiledAfterChild',
      'familyMismatch',
      'countryMustMatch',
      'continuationNotUs',
    ]);
    expect(checkRelation('PCTA', kase('US'), kase('WO')).warnings).toEqual(['pctaParentNotWo', 'pctaChildWo']);
  });
});
