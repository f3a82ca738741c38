// The design tips of spec §5 as rules: for each, a diagram that keeps it (no problem at all) and one
// or more that break it, asserting the rule id and the element the problem points at.
import { describe, expect, it } from 'vitest';
import type { DiagramSpec, FlowSpec, NodeSpec } from './fixtures/diagram.js';
import { found, problemsOf } from './fixtures/lint-helpers.js';

const start: NodeSpec = { id: 'start', type: 'start' };
const submit: NodeSpec = { id: 'submit', type: 'task', name: 'Submit' };
const end: NodeSpec = { id: 'end', type: 'end' };
const task = (id: string, extra: Partial<NodeSpec> = {}): NodeSpec => ({ id, type: 'task', name: id, ...extra });

/** start → submit → P ⟨a | b⟩ J → …rest: a parallel block. */
function parallelBlock(extra: { nodes?: NodeSpec[]; flows?: FlowSpec[]; a?: Partial<NodeSpec> } = {}): DiagramSpec {
  return {
    nodes: [
      start,
      submit,
      { id: 'P', type: 'and' },
      task('a', extra.a),
      task('b'),
      { id: 'J', type: 'and' },
      end,
      ...(extra.nodes ?? []),
    ],
    flows: [
      ['f_start', 'start', 'submit'],
      ['f_submit', 'submit', 'P'],
      ['p_a', 'P', 'a'],
      ['p_b', 'P', 'b'],
      ['a_j', 'a', 'J'],
      ['b_j', 'b', 'J'],
      ...(extra.flows ?? [['j_end', 'J', 'end']]),
    ],
  };
}

describe('parallel-crossing (spec §5: no crossing a parallel gateway going back, withdrawing or jumping)', () => {
  it('allows a back link around the whole parallel block', async () => {
    const spec = parallelBlock({
      nodes: [task('check'), { id: 'X', type: 'xor', default: 'x_end' }],
      flows: [
        ['j_check', 'J', 'check'],
        ['check_x', 'check', 'X'],
        ['back', 'X', 'submit', "var.check = 'rejected'"],
        ['x_end', 'X', 'end'],
      ],
    });
    expect(await found(spec)).toEqual([]);
  });

  it('refuses a back link from inside a branch to before the split', async () => {
    const spec: DiagramSpec = {
      nodes: [
        start,
        submit,
        { id: 'P', type: 'and' },
        task('a'),
        { id: 'Xa', type: 'xor', default: 'xa_j' },
        task('b'),
        { id: 'J', type: 'and' },
        end,
      ],
      flows: [
        ['f_start', 'start', 'submit'],
        ['f_submit', 'submit', 'P'],
        ['p_a', 'P', 'a'],
        ['a_x', 'a', 'Xa'],
        ['back', 'Xa', 'submit', "var.a = 'rejected'"],
        ['xa_j', 'Xa', 'J'],
        ['p_b', 'P', 'b'],
        ['b_j', 'b', 'J'],
        ['j_end', 'J', 'end'],
      ],
    };
    expect(await found(spec)).toEqual(['parallel-crossing@back']);
  });

  it('refuses a back link from one branch into the other', async () => {
    const spec: DiagramSpec = {
      nodes: [
        start,
        submit,
        { id: 'P', type: 'and' },
        task('a'),
        task('b'),
        { id: 'Xb', type: 'xor', default: 'xb_j' },
        { id: 'J', type: 'and' },
        end,
      ],
      flows: [
        ['f_start', 'start', 'submit'],
        ['f_submit', 'submit', 'P'],
        ['p_a', 'P', 'a'],
        ['a_j', 'a', 'J'],
        ['p_b', 'P', 'b'],
        ['b_x', 'b', 'Xb'],
        ['xb_j', 'Xb', 'J'],
        ['across', 'Xb', 'b', "var.b = 'again'"],
        ['j_end', 'J', 'end'],
      ],
    };
    // b → Xb → b stays in its branch: allowed. Now point the loop at the other branch instead.
    expect(await found(spec)).toEqual([]);
    spec.flows = spec.flows.map((f): FlowSpec => (f[0] === 'across' ? ['across', 'Xb', 'a', f[3]] : f));
    expect(await found(spec)).toContain('parallel-crossing@across');
  });

  it('refuses free jumping from a task inside a parallel branch', async () => {
    expect(await found(parallelBlock({ a: { approval: { freeJump: 'true' } } }))).toEqual(['parallel-crossing@a']);
    expect(
      await found({
        ...parallelBlock(),
        nodes: parallelBlock().nodes.map((n) => (n.id === 'submit' ? { ...n, approval: { freeJump: 'true' } } : n)),
      }),
    ).toEqual([]);
  });

  it('refuses a flow entering a branch without passing the gateway', async () => {
    const spec: DiagramSpec = {
      nodes: [
        start,
        submit,
        { id: 'X', type: 'xor', default: 'x_p' },
        { id: 'P', type: 'and' },
        task('a'),
        task('b'),
        { id: 'J', type: 'and' },
        end,
      ],
      flows: [
        ['f_start', 'start', 'submit'],
        ['f_submit', 'submit', 'X'],
        ['x_p', 'X', 'P'],
        ['sneak', 'X', 'a', 'record.urgent = TRUE'],
        ['p_a', 'P', 'a'],
        ['p_b', 'P', 'b'],
        ['a_j', 'a', 'J'],
        ['b_j', 'b', 'J'],
        ['j_end', 'J', 'end'],
      ],
    };
    expect(await found(spec)).toContain('parallel-crossing@sneak');
  });
});

describe('exclusive-parallel-merge (spec §5: exclusive branches do not merge into one parallel gateway)', () => {
  const exclusiveInto = (join: 'and' | 'xor'): DiagramSpec => ({
    nodes: [
      start,
      submit,
      { id: 'X', type: 'xor', default: 'x_b' },
      task('a'),
      task('b'),
      { id: 'J', type: join },
      end,
    ],
    flows: [
      ['f_start', 'start', 'submit'],
      ['f_submit', 'submit', 'X'],
      ['x_a', 'X', 'a', 'record.amount > 1000'],
      ['x_b', 'X', 'b'],
      ['a_j', 'a', 'J'],
      ['b_j', 'b', 'J'],
      ['j_end', 'J', 'end'],
    ],
  });

  it('allows exclusive branches merging at an exclusive gateway, inside a parallel block', async () => {
    expect(await found(exclusiveInto('xor'))).toEqual([]);
    const nested = parallelBlock({
      a: { id: 'a' },
      nodes: [{ id: 'X', type: 'xor', default: 'x_d' }, task('c'), task('d'), { id: 'M', type: 'xor' }],
      flows: [['j_end', 'J', 'end']],
    });
    // Branch a becomes: a → X ⟨c | d⟩ M → J.
    nested.flows = nested.flows.filter((f) => f[0] !== 'a_j');
    nested.flows.push(
      ['a_x', 'a', 'X'],
      ['x_c', 'X', 'c', "record.kind = 'x'"],
      ['x_d', 'X', 'd'],
      ['c_m', 'c', 'M'],
      ['d_m', 'd', 'M'],
      ['m_j', 'M', 'J'],
    );
    expect(await found(nested)).toEqual([]);
  });

  it('refuses exclusive branches merging into a parallel gateway', async () => {
    expect(await found(exclusiveInto('and'))).toEqual(['exclusive-parallel-merge@J']);
  });
});

describe('end-needs-merge (spec §5: the process end needs a gateway merge)', () => {
  const split = (ends: 'one' | 'two', merge: boolean): DiagramSpec => ({
    nodes: [
      start,
      submit,
      { id: 'X', type: 'xor', default: 'x_b' },
      task('a'),
      task('b'),
      ...(merge ? [{ id: 'M', type: 'xor' }] : []),
      end,
      ...(ends === 'two' ? [{ id: 'end2', type: 'end' }] : []),
    ],
    flows: [
      ['f_start', 'start', 'submit'],
      ['f_submit', 'submit', 'X'],
      ['x_a', 'X', 'a', "record.kind = 'x'"],
      ['x_b', 'X', 'b'],
      ...((merge
        ? [
            ['a_m', 'a', 'M'],
            ['b_m', 'b', 'M'],
            ['m_end', 'M', 'end'],
          ]
        : [
            ['a_end', 'a', 'end'],
            ['b_end', 'b', ends === 'two' ? 'end2' : 'end'],
          ]) as FlowSpec[]),
    ],
  });

  it('allows branches that merge at a gateway before the one end', async () => {
    expect(await found(split('one', true))).toEqual([]);
  });

  it('refuses branches that reach two end events without merging', async () => {
    expect(await found(split('two', false))).toEqual(['end-needs-merge@X']);
  });

  it('refuses an end event with two incoming flows', async () => {
    expect(await found(split('one', false))).toEqual(['end-needs-merge@X', 'end-needs-merge@end']);
  });

  it('refuses parallel branches merging at an exclusive gateway', async () => {
    const spec = parallelBlock();
    spec.nodes = spec.nodes.map((n) => (n.id === 'J' ? { ...n, type: 'xor' } : n));
    expect(await found(spec)).toEqual(['end-needs-merge@P']);
  });
});

describe('level-approve-link (spec §5: no direct link to level-by-level approval)', () => {
  const level = (id: string) => task(id, { approval: { levelApprove: '2' }, approvers: [] });

  it('allows a level-by-level task after an ordinary task', async () => {
    const spec: DiagramSpec = {
      nodes: [start, submit, level('lead'), end],
      flows: [
        ['f1', 'start', 'submit'],
        ['f2', 'submit', 'lead'],
        ['f3', 'lead', 'end'],
      ],
    };
    expect(await found(spec)).toEqual([]);
  });

  it('refuses a level-by-level task right after the start event or another level-by-level task', async () => {
    const fromStart: DiagramSpec = {
      nodes: [start, level('lead'), end],
      flows: [
        ['f1', 'start', 'lead'],
        ['f2', 'lead', 'end'],
      ],
    };
    expect(await found(fromStart)).toEqual(['level-approve-link@f1']);
    const chained: DiagramSpec = {
      nodes: [start, submit, level('lead1'), level('lead2'), end],
      flows: [
        ['f1', 'start', 'submit'],
        ['f2', 'submit', 'lead1'],
        ['f3', 'lead1', 'lead2'],
        ['f4', 'lead2', 'end'],
      ],
    };
    expect(await found(chained)).toEqual(['level-approve-link@f3']);
  });
});

describe('unique-variable (spec §5: variables must not repeat across branches)', () => {
  it('allows distinct variables and refuses a repeated one on the later task', async () => {
    const spec = (second: string): DiagramSpec => {
      const block = parallelBlock({ a: { approval: { variable: 'legal' } } });
      block.nodes = block.nodes.map((n) => (n.id === 'b' ? { ...n, approval: { variable: second } } : n));
      return block;
    };
    expect(await found(spec('tech'))).toEqual([]);
    const repeated = spec('legal');
    const problems = await problemsOf(repeated);
    expect(problems.map((p) => `${p.rule}@${p.elementId}`)).toEqual(['unique-variable@b']);
    expect(problems[0]!.params).toEqual({ variable: 'legal', other: 'a' });
  });
});

describe('parallel-not-allowed (spec §5: no parallel gateways with super modules or bonus processes)', () => {
  it('allows parallel gateways in other processes', async () => {
    expect(await found(parallelBlock())).toEqual([]);
    expect(await found(parallelBlock(), { superModules: ['award'] })).toEqual([]);
  });

  it('refuses them in a bonus process', async () => {
    const bonus = { ...parallelBlock(), settings: { processCategory: 'bonus' } };
    expect(await found(bonus)).toEqual(['parallel-not-allowed@P', 'parallel-not-allowed@J']);
  });

  it('refuses them when the model is a super module (a lint option)', async () => {
    const award = { ...parallelBlock(), settings: { model: 'award' } };
    expect(await found(award)).toEqual([]);
    expect(await found(award, { superModules: ['award'] })).toEqual([
      'parallel-not-allowed@P',
      'parallel-not-allowed@J',
    ]);
  });
});

describe('level-approve-settings (spec §5 approval levels 1 to 8; §8 levelApproveError)', () => {
  const oneTask = (approval: Record<string, string>, approvers: NodeSpec['approvers'] = []): DiagramSpec => ({
    nodes: [start, submit, task('lead', { approval, approvers }), end],
    flows: [
      ['f1', 'start', 'submit'],
      ['f2', 'submit', 'lead'],
      ['f3', 'lead', 'end'],
    ],
  });

  it('allows levels 1 to 8, and the default vote mode', async () => {
    expect(await found(oneTask({ levelApprove: '1' }))).toEqual([]);
    expect(await found(oneTask({ levelApprove: '8', voteSignMode: '3' }))).toEqual([]);
    // Level 0 is an ordinary task, which may list approvers and any vote mode.
    expect(await found(oneTask({ levelApprove: '0', voteSignMode: '4' }, [{ kind: 'role', values: 'ipr' }]))).toEqual(
      [],
    );
  });

  it('refuses a level outside 0–8 with the levelApproveError message', async () => {
    for (const level of ['9', '-1', 'two', '1.5']) {
      const problems = await problemsOf(oneTask({ levelApprove: level }));
      expect(
        problems.filter((p) => p.rule === 'level-approve-settings'),
        level,
      ).toEqual([
        {
          rule: 'level-approve-settings',
          elementId: 'lead',
          messageKey: 'workflowDesign.problem.levelApproveRange',
          params: { value: level, min: 1, max: 8 },
          severity: 'error',
        },
      ]);
    }
  });

  it('refuses explicit approvers or another vote mode on a level-by-level task', async () => {
    const withApprovers = await problemsOf(oneTask({ levelApprove: '2' }, [{ kind: 'role', values: 'ipr' }]));
    expect(withApprovers.map((p) => `${p.rule}@${p.elementId}:${p.messageKey}`)).toEqual([
      'level-approve-settings@lead:workflowDesign.problem.levelApproveWithApprovers',
    ]);
    const voteMode = await problemsOf(oneTask({ levelApprove: '2', voteSignMode: '4' }));
    expect(voteMode.map((p) => `${p.rule}@${p.elementId}:${p.messageKey}`)).toEqual([
      'level-approve-settings@lead:workflowDesign.problem.levelApproveVoteMode',
    ]);
  });
});
