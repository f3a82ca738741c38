// Lifecycles: what defineModel refuses in one, and which actions may run on a record (the paper of spec §4).
import { describe, expect, it } from 'vitest';
import { BUILT_IN_DICTIONARIES } from './dictionaries.js';
import { scientificPaper } from './catalog/scientific-paper.js';
import { defineModel, field, type ModelDeclaration } from './define.js';
import {
  actionsFrom,
  actionsOn,
  actionSources,
  lifecycleProblems,
  refuseAction,
  type LifecycleDeclaration,
} from './lifecycle.js';
import { deadlineLifecycle } from '../docket/lifecycle.js';
import { patentTask } from '../domains/patents/models/patent-task.js';
import { trademarkDeadline } from '../domains/portfolio/trademark-renewal.js';

const paper = scientificPaper.lifecycle!;

describe('the paper lifecycle', () => {
  it('makes the status and the score managed (only actions set them) and starts new papers as drafts', () => {
    expect(scientificPaper.fields.status.managed).toBe(true);
    expect(scientificPaper.fields.score.managed).toBe(true);
    expect(scientificPaper.fields.title.managed).toBeUndefined();
    expect(scientificPaper.fields.status.defaultValue).toBe('draft');
  });

  it('declares only statuses its dictionary has, so every status has a label a tenant may change', () => {
    const dictionary = BUILT_IN_DICTIONARIES.find((d) => d.name === scientificPaper.fields.status.dictionary);
    expect(Object.keys(paper.statuses).sort()).toEqual(dictionary?.options.map((o) => o.key).sort());
  });

  it('offers per status the actions that run from it; none from a final status', () => {
    expect(actionsFrom(paper, 'draft')).toEqual(['submit', 'abandon']);
    expect(actionsFrom(paper, 'not_reported')).toEqual(['redraft', 'report', 'abandon']);
    expect(actionsFrom(paper, 'reported')).toEqual(['score', 'abandon']);
    expect(actionsFrom(paper, 'scored')).toEqual([]);
    expect(actionsFrom(paper, 'abandon')).toEqual([]);
    expect(actionSources(paper, paper.actions.abandon!)).toEqual(['draft', 'not_reported', 'reported']);
  });

  it('refuses reported → draft: no action leads back from reported', () => {
    expect(refuseAction(paper, 'redraft', { status: 'reported' })).toEqual({ reason: 'notFrom', status: 'reported' });
    expect(refuseAction(paper, 'redraft', { status: 'not_reported' })).toBeNull();
  });

  it('scores only with a score, set by the action itself', () => {
    expect(refuseAction(paper, 'score', { status: 'reported', score: null })).toEqual({
      reason: 'guard',
      issues: [{ field: 'score', messageKey: 'error.actionRequiresField' }],
    });
    expect(refuseAction(paper, 'score', { status: 'reported', score: null }, { values: { score: 88 } })).toBeNull();
    expect(refuseAction(paper, 'score', { status: 'reported' }, { values: { score: 88, title: 'x' } })).toEqual({
      reason: 'notSettable',
      fields: ['title'],
    });
    expect(refuseAction(paper, 'submit', { status: 'draft' }, { values: { score: 88 } })).toEqual({
      reason: 'notSettable',
      fields: ['score'],
    });
  });

  it('abandons only with a comment', () => {
    expect(refuseAction(paper, 'abandon', { status: 'draft' })).toEqual({ reason: 'commentRequired' });
    expect(refuseAction(paper, 'abandon', { status: 'draft' }, { comment: '  ' })).toEqual({
      reason: 'commentRequired',
    });
    expect(refuseAction(paper, 'abandon', { status: 'draft' }, { comment: '重复投稿' })).toBeNull();
  });

  it('runs a guard on the record as the action leaves it', () => {
    const guarded: LifecycleDeclaration = {
      ...paper,
      actions: {
        submit: {
          ...paper.actions.submit!,
          guard: (row) => (row.doi ? [] : [{ field: 'doi', messageKey: 'error.actionRequiresField' }]),
        },
      },
    };
    expect(refuseAction(guarded, 'submit', { status: 'draft', doi: null })).toMatchObject({ reason: 'guard' });
    expect(refuseAction(guarded, 'submit', { status: 'draft', doi: '10.1000/1' })).toBeNull();
  });
});

describe('defineModel with a lifecycle', () => {
  const fields = {
    title: field('text', { label: { zh: '名称', en: 'Title' } }),
    status: field('option', { label: { zh: '状态', en: 'Status' }, dictionary: 'paper_status' }),
    tags: field('option', { label: { zh: '标签', en: 'Tags' }, dictionary: 'paper_status', multiple: true }),
    note: field('text', { label: { zh: '备注', en: 'Note' } }),
  };
  const lifecycle: LifecycleDeclaration = {
    field: 'status',
    initial: 'draft',
    statuses: { draft: { color: 'default' }, done: { color: 'green', final: true } },
    actions: { finish: { label: { zh: '完成', en: 'Finish' }, from: ['draft'], to: 'done' } },
  };
  const model = (changes: Partial<LifecycleDeclaration>): ModelDeclaration => ({
    name: 'test_thing',
    label: { zh: '测试', en: 'Test' },
    titleField: 'title',
    fields,
    lifecycle: { ...lifecycle, ...changes },
  });

  it('accepts a sound one', () => {
    expect(defineModel(model({})).fields.status?.managed).toBe(true);
  });

  it.each<[string, Partial<LifecycleDeclaration>, string]>([
    ['an undeclared status field', { field: 'state' }, 'status field state is not declared'],
    ['a list as the status field', { field: 'tags' }, 'not a single option field'],
    ['a text status field', { field: 'note' }, 'not a single option field'],
    ['an unknown initial status', { initial: 'new' }, 'initial status new is not declared'],
    ['an unknown colour', { statuses: { draft: { color: 'pink' as 'red' } } }, 'unknown colour pink'],
    ['no action', { actions: {} }, 'at least one action'],
    [
      'an action to an unknown status',
      { actions: { finish: { label: lifecycle.actions.finish!.label, from: ['draft'], to: 'closed' } } },
      'undeclared status closed',
    ],
    [
      'an action from an unknown status',
      { actions: { finish: { label: lifecycle.actions.finish!.label, from: ['open'], to: 'done' } } },
      'runs from an undeclared status open',
    ],
    [
      'an action named like a generic write',
      { actions: { update: { label: lifecycle.actions.finish!.label, from: ['draft'], to: 'done' } } },
      'name of a generic write',
    ],
    [
      'an action setting an unknown field',
      { actions: { finish: { ...lifecycle.actions.finish!, sets: ['grade'] } } },
      'undeclared field grade',
    ],
    [
      'an action setting the status itself',
      { actions: { finish: { ...lifecycle.actions.finish!, sets: ['status'] } } },
      'lists the status field itself',
    ],
    [
      'an action clearing an unknown field',
      { actions: { finish: { ...lifecycle.actions.finish!, clears: ['grade'] } } },
      'undeclared field grade',
    ],
    [
      'an action clearing a field it also sets',
      { actions: { finish: { ...lifecycle.actions.finish!, sets: ['score'], clears: ['score'] } } },
      'both clears and sets or requires score',
    ],
    [
      'an open action when every status is final',
      {
        statuses: { draft: { color: 'default', final: true }, done: { color: 'green', final: true } },
        actions: { finish: { ...lifecycle.actions.finish!, from: 'open' } },
      },
      'runs from no status',
    ],
    [
      'a rejection to an unknown status',
      { actions: { finish: { ...lifecycle.actions.finish!, approval: { rejected: 'lost' } } } },
      'on rejection to an undeclared status lost',
    ],
  ])('refuses %s', (_, changes, message) => {
    expect(() => defineModel(model(changes))).toThrow(message);
  });
});

describe('the deadline lifecycle: verify by a second person (dual docketing)', () => {
  const deadlines = deadlineLifecycle;
  const row = { status: 'open', verification: 'unverified', entered_by: 'ALICE' };

  it('offers verify on open unverified deadlines, never to the one who entered it', () => {
    expect(actionsOn(deadlines, row, 'BOB')).toContain('verify');
    expect(actionsOn(deadlines, row, 'ALICE')).not.toContain('verify');
    expect(actionsOn(deadlines, { ...row, verification: 'verified' }, 'BOB')).not.toContain('verify');
    expect(actionsOn(deadlines, { ...row, verification: null }, 'BOB')).not.toContain('verify');
    expect(actionsOn(deadlines, { ...row, status: 'done' }, 'BOB')).toEqual(['reopen']);
    // Nobody entered it (a system write): nobody is stopped.
    expect(actionsOn(deadlines, { ...row, entered_by: null }, 'ALICE')).toContain('verify');
  });

  it('refuses with the reason, status first, then the value, then the person', () => {
    expect(refuseAction(deadlines, 'verify', row, { actor: 'ALICE' })).toEqual({
      reason: 'samePerson',
      field: 'entered_by',
    });
    expect(refuseAction(deadlines, 'verify', { ...row, verification: 'verified' }, { actor: 'BOB' })).toEqual({
      reason: 'notWhen',
      field: 'verification',
      value: 'verified',
    });
    expect(refuseAction(deadlines, 'verify', { ...row, status: 'done' }, { actor: 'BOB' })).toMatchObject({
      reason: 'notFrom',
    });
    expect(refuseAction(deadlines, 'verify', row, { actor: 'BOB' })).toBeNull();
    // The values are the server's stamps, never the caller's.
    expect(refuseAction(deadlines, 'verify', row, { actor: 'BOB', values: { verified_by: 'BOB' } })).toMatchObject({
      reason: 'notSettable',
    });
  });

  it('makes the stamped fields managed on every deadline store', () => {
    for (const name of ['verification', 'entered_by', 'verified_by', 'verified_at'] as const) {
      expect(patentTask.fields[name].managed).toBe(true);
      expect(trademarkDeadline.fields[name].managed).toBe(true);
    }
  });

  it.each([
    ['a `when` on an undeclared field', { when: { field: 'nope', in: ['x'] } }, /undeclared field nope/],
    ['a four-eyes field that is not a user', { notBy: 'title' }, /not a single user field/],
    ['a stamp of an undeclared field', { stamps: { nope: 'now' } }, /stamps an undeclared field nope/],
    ['a stamp of the status', { stamps: { status: 'now' } }, /stamps the status field itself/],
  ] as const)('refuses %s', (_, extra, message) => {
    const lifecycle: LifecycleDeclaration = {
      ...deadlines,
      actions: {
        ...deadlines.actions,
        check: { label: { zh: '查', en: 'Check' }, from: ['open'], to: 'open', ...extra },
      },
    };
    expect(lifecycleProblems(lifecycle, { ...patentTask.fields })).toEqual([expect.stringMatching(message)]);
  });
});
