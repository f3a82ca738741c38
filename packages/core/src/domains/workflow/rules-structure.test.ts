// The structural design rules the engine relies on: one start, flow counts, reachability, approvers,
// supported elements, exclusive conditions, condition syntax and setting values. For each a valid
// diagram (no problem at all) and broken ones, asserting the rule id and the element.
import { describe, expect, it } from 'vitest';
import { diagram, LINEAR, type DiagramSpec, type FlowSpec, type NodeSpec } from './fixtures/diagram.js';
import { found, problemsOf } from './fixtures/lint-helpers.js';
import { lintProcess } from './lint.js';
import { executableProcess, listOf } from './moddle.js';
import { parseProcessXml } from './parse.js';

const start: NodeSpec = { id: 'start', type: 'start' };
const submit: NodeSpec = { id: 'submit', type: 'task', name: 'Submit' };
const end: NodeSpec = { id: 'end', type: 'end' };

/** LINEAR with changes: nodes replaced by id or added, flows likewise. */
function linear(
  change: { nodes?: NodeSpec[]; flows?: FlowSpec[]; settings?: DiagramSpec['settings'] } = {},
): DiagramSpec {
  const nodes = [...LINEAR.nodes];
  for (const node of change.nodes ?? []) {
    const at = nodes.findIndex((n) => n.id === node.id);
    if (at >= 0) nodes[at] = node;
    else nodes.push(node);
  }
  const flows = [...LINEAR.flows];
  for (const flow of change.flows ?? []) {
    const at = flows.findIndex((f) => f[0] === flow[0]);
    if (at >= 0) flows[at] = flow;
    else flows.push(flow);
  }
  return { nodes, flows, ...(change.settings !== undefined ? { settings: change.settings } : {}) };
}

/** start → submit → X ⟨a | b⟩ M → end, with the given flows out of X. */
function decision(xFlows: FlowSpec[], xDefault?: string): DiagramSpec {
  return {
    nodes: [
      start,
      submit,
      { id: 'X', type: 'xor', ...(xDefault ? { default: xDefault } : {}) },
      { id: 'a', type: 'task' },
      { id: 'b', type: 'task' },
      { id: 'M', type: 'xor' },
      end,
    ],
    flows: [
      ['f_start', 'start', 'submit'],
      ['f_submit', 'submit', 'X'],
      ...xFlows,
      ['a_m', 'a', 'M'],
      ['b_m', 'b', 'M'],
      ['m_end', 'M', 'end'],
    ],
  };
}

describe('single-start', () => {
  it('allows one start event', async () => {
    expect(await found(LINEAR)).toEqual([]);
  });

  it('refuses none (on the process) and a second one', async () => {
    expect(await found({ nodes: [submit, end], flows: [['f2', 'submit', 'end']] })).toContain(
      'single-start@test_process',
    );
    const two = linear({ nodes: [{ id: 'start2', type: 'start' }], flows: [['f0', 'start2', 'submit']] });
    expect(await found(two)).toEqual(['single-start@start2']);
  });
});

describe('flow-counts', () => {
  it('refuses a user task with two outgoing flows, and a start event with none', async () => {
    const branching = linear({ nodes: [{ id: 'end2', type: 'end' }], flows: [['f3', 'submit', 'end2']] });
    expect(await found(branching)).toEqual(['flow-counts@submit']);
    const lonely = linear({ nodes: [{ id: 'start', type: 'start' }], flows: [['f1', 'submit', 'submit']] });
    expect(await found(lonely)).toContain('flow-counts@start');
  });

  it('refuses a flow not connected at both ends, and an end event with an outgoing flow', async () => {
    expect(await found(linear({ flows: [['loose', 'submit', 'nowhere']] }))).toContain('flow-counts@loose');
    const spec = linear({
      nodes: [
        { id: 'after', type: 'task' },
        { id: 'end2', type: 'end' },
      ],
      flows: [
        ['f3', 'end', 'after'],
        ['f4', 'after', 'end2'],
      ],
    });
    expect(await found(spec)).toContain('flow-counts@end');
  });
});

describe('reachable', () => {
  it('refuses an element the start cannot reach, and one that cannot reach an end', async () => {
    const orphan = linear({
      nodes: [
        { id: 'orphan', type: 'task' },
        { id: 'end2', type: 'end' },
      ],
      flows: [['f3', 'orphan', 'end2']],
    });
    expect(await found(orphan)).toEqual(['reachable@orphan', 'reachable@end2']);
    const loop = decision(
      [
        ['x_a', 'X', 'a', "record.kind = 'a'"],
        ['x_b', 'X', 'b'],
      ],
      'x_b',
    );
    // a now loops back to submit instead of reaching the merge: fine, it can still reach an end through X.
    loop.flows = loop.flows.map((f): FlowSpec => (f[0] === 'a_m' ? ['a_m', 'a', 'submit'] : f));
    expect(await found(loop)).toEqual([]);
    // A gateway that only loops: its tasks can never reach an end.
    const trap: DiagramSpec = {
      nodes: [
        start,
        submit,
        { id: 'X', type: 'xor', default: 'x_end' },
        { id: 'a', type: 'task' },
        { id: 'Y', type: 'xor' },
        end,
      ],
      flows: [
        ['f1', 'start', 'submit'],
        ['f2', 'submit', 'X'],
        ['x_a', 'X', 'a', "record.kind = 'a'"],
        ['x_end', 'X', 'end'],
        ['a_y', 'a', 'Y'],
        ['y_a', 'Y', 'a'],
      ],
    };
    const trapped = await found(trap);
    expect(trapped).toContain('reachable@a');
    expect(trapped).toContain('reachable@Y');
  });
});

describe('task-approvers', () => {
  it('allows approvers, level-by-level approval, or an outcome for nobody found', async () => {
    expect(await found(linear({ nodes: [{ ...submit, approvers: [{ kind: 'role', values: 'ipr' }] }] }))).toEqual([]);
    expect(
      await found(linear({ nodes: [{ ...submit, approval: { emptyApprovers: 'toAdmin' }, approvers: [] }] })),
    ).toEqual([]);
  });

  it('refuses a task with none of them', async () => {
    expect(await found(linear({ nodes: [{ ...submit, approval: null }] }))).toEqual(['task-approvers@submit']);
    expect(
      await found(linear({ nodes: [{ ...submit, approval: { emptyApprovers: 'error' }, approvers: [] }] })),
    ).toEqual(['task-approvers@submit']);
  });
});

describe('supported-elements', () => {
  it('allows documentation beside the executable elements', async () => {
    const annotated = linear({ nodes: [{ id: 'note', type: 'textAnnotation', inner: '<bpmn:text>Why</bpmn:text>' }] });
    expect(await found(annotated)).toEqual([]);
  });

  it('refuses other node types, triggered events, multi-instance tasks and a second process', async () => {
    const service = linear({ nodes: [{ id: 'submit', type: 'serviceTask' }] });
    const serviceProblems = await problemsOf(service);
    expect(serviceProblems.map((p) => `${p.rule}@${p.elementId}`)).toContain('supported-elements@submit');
    expect(serviceProblems.find((p) => p.rule === 'supported-elements')!.params).toEqual({ type: 'serviceTask' });
    const timer = linear({ nodes: [{ id: 'start', type: 'start', inner: '<bpmn:timerEventDefinition/>' }] });
    expect(await found(timer)).toEqual(['supported-elements@start']);
    const multi = linear({ nodes: [{ ...submit, inner: '<bpmn:multiInstanceLoopCharacteristics/>' }] });
    expect(await found(multi)).toEqual(['supported-elements@submit']);
    const second = { ...LINEAR, after: '<bpmn:process id="other_process"/>' };
    expect(await found(second)).toEqual(['supported-elements@other_process']);
  });
});

describe('exclusive-conditions', () => {
  it('allows conditions on every flow but the default', async () => {
    expect(
      await found(
        decision(
          [
            ['x_a', 'X', 'a', "record.kind = 'a'"],
            ['x_b', 'X', 'b'],
          ],
          'x_b',
        ),
      ),
    ).toEqual([]);
    expect(
      await found(
        decision([
          ['x_a', 'X', 'a', "record.kind = 'a'"],
          ['x_b', 'X', 'b', "record.kind = 'b'"],
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses a flow with neither a condition nor the default mark', async () => {
    expect(
      await found(
        decision([
          ['x_a', 'X', 'a', "record.kind = 'a'"],
          ['x_b', 'X', 'b'],
        ]),
      ),
    ).toEqual(['exclusive-conditions@x_b']);
  });
});

describe('condition-syntax', () => {
  it('refuses a condition that does not parse, with the iql message and position', async () => {
    const problems = await problemsOf(
      decision(
        [
          ['x_a', 'X', 'a', 'record.amount >'],
          ['x_b', 'X', 'b'],
        ],
        'x_b',
      ),
    );
    expect(problems).toEqual([
      {
        rule: 'condition-syntax',
        elementId: 'x_a',
        messageKey: 'iql.error.endExpectedValue',
        params: { position: 16 },
        severity: 'error',
      },
    ]);
  });

  it('refuses fields outside record and var, and conditions where they are never read', async () => {
    const bare = await problemsOf(
      decision(
        [
          ['x_a', 'X', 'a', 'amount > 1'],
          ['x_b', 'X', 'b'],
        ],
        'x_b',
      ),
    );
    expect(bare.map((p) => `${p.rule}@${p.elementId}:${p.messageKey}`)).toEqual([
      'condition-syntax@x_a:workflowDesign.condition.field',
    ]);
    expect(await found(linear({ flows: [['f2', 'submit', 'end', 'record.amount > 1']] }))).toEqual([
      'condition-syntax@f2',
    ]);
    const onDefault = decision(
      [
        ['x_a', 'X', 'a', "record.kind = 'a'"],
        ['x_b', 'X', 'b', "record.kind = 'b'"],
      ],
      'x_b',
    );
    expect(await found(onDefault)).toEqual(['condition-syntax@x_b']);
  });
});

describe('settings-values', () => {
  it('allows every setting with a valid value', async () => {
    const full = linear({
      settings: { model: 'patent', restartMode: '2' },
      nodes: [
        {
          ...submit,
          approval: {
            voteSignMode: '5',
            repeatedMode: 'autoApproveAll',
            emptyApprovers: 'skip',
            dueHours: '48',
            remindHours: '24',
          },
          approvers: [{ kind: 'orgLevel', values: '2' }, { kind: 'leader' }],
          extensions: '<ipdesk:Listener event="create" name="notify" phase="inTransaction"/>',
        },
      ],
    });
    expect(await found(full)).toEqual([]);
  });

  it('refuses a missing model and a bad key on the process', async () => {
    expect(await found(linear({ settings: null }))).toEqual(['settings-values@test_process']);
    // Longer than the 64 characters a key may have (BPMN itself would take it).
    const long = `p${'x'.repeat(64)}`;
    expect(await found({ ...LINEAR, id: long })).toEqual([`settings-values@${long}`]);
  });

  it('refuses wrong values on a task, naming the setting', async () => {
    const cases: Array<[NodeSpec, Record<string, string>]> = [
      [
        { ...submit, approval: { voteSignMode: '7' } },
        { setting: 'voteSignMode', value: '7' },
      ],
      [
        { ...submit, approval: { repeatedMode: 'always' } },
        { setting: 'repeatedMode', value: 'always' },
      ],
      [
        { ...submit, approval: { dueHours: '0' } },
        { setting: 'dueHours', value: '0' },
      ],
      [
        { ...submit, approvers: [{ kind: 'nobody' }] },
        { setting: 'kind', value: 'nobody' },
      ],
    ];
    for (const [node, params] of cases) {
      const problems = (await problemsOf(linear({ nodes: [node] }))).filter((p) => p.rule === 'settings-values');
      expect(problems.map((p) => ({ element: p.elementId, ...p.params }))).toEqual([{ element: 'submit', ...params }]);
    }
    const noValues = await problemsOf(linear({ nodes: [{ ...submit, approvers: [{ kind: 'role' }] }] }));
    expect(noValues.map((p) => `${p.rule}@${p.elementId}:${p.messageKey}`)).toEqual([
      'settings-values@submit:workflowDesign.problem.approverValues',
    ]);
  });

  it('refuses a task listener event on a start event', async () => {
    const listener = '<ipdesk:Listener event="create" name="notify"/>';
    expect(await found(linear({ nodes: [{ id: 'start', type: 'start', extensions: listener }] }))).toEqual([
      'settings-values@start',
    ]);
  });
});

describe('lifecycle-action', () => {
  const paper = (action: string) => linear({ settings: { model: 'scientific_paper', action } });

  it("binds a process to one of its model's approval actions (the product's declarations by default)", async () => {
    expect(await found(paper('report'))).toEqual([]);
  });

  it('refuses an action the model does not declare, and one declared without approval', async () => {
    const unknown = await problemsOf(paper('publish'));
    expect(unknown.map((p) => [`${p.rule}@${p.elementId}`, p.messageKey, p.params])).toEqual([
      [
        'lifecycle-action@test_process',
        'workflowDesign.problem.actionUnknown',
        { model: 'scientific_paper', action: 'publish' },
      ],
    ]);
    const direct = await problemsOf(paper('submit'));
    expect(direct.map((p) => [`${p.rule}@${p.elementId}`, p.messageKey, p.params])).toEqual([
      ['lifecycle-action@test_process', 'workflowDesign.problem.actionNotApproval', { action: 'submit' }],
    ]);
    // A model without a lifecycle has no action to bind.
    expect(await found(linear({ settings: { model: 'patent', action: 'report' } }))).toEqual([
      'lifecycle-action@test_process',
    ]);
  });

  it('takes the actions as an option', async () => {
    const approvalActions = { patent: { grant: true } };
    expect(await found(linear({ settings: { action: 'grant' } }), { approvalActions })).toEqual([]);
  });
});

describe('linting again', () => {
  it('sees a model changed in place since the last pass (as the designer edits it)', async () => {
    const { definitions } = await parseProcessXml(diagram(LINEAR));
    expect(await lintProcess(definitions)).toEqual([]);
    const flows = listOf(executableProcess(definitions), 'flowElements');
    flows.splice(
      flows.findIndex((element) => element.id === 'f2'),
      1,
    );
    const again = (await lintProcess(definitions)).map((p) => `${p.rule}@${p.elementId}`);
    expect(again).toContain('flow-counts@submit');
  });
});
