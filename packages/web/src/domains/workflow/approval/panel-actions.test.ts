// The approval panel's decisions without React: the buttons follow the server's allowed actions exactly,
// each dialog sends the command the API takes, refusals that mean "moved on" are told apart from those the
// user can fix, and the diagram's markers.
import { describe, expect, it } from 'vitest';
import { errors, messages } from '@ipdesk/core';
import type { PanelActions, TaskActions } from '../../../api/workflow-runs';
import { diagramMarkers, CURRENT_MARKER, VISITED_MARKER } from './diagram-markers';
import { ACTION_DONE, ACTION_LABELS, commandCall, movedOn, panelButtons } from './panel-actions';

const none: PanelActions = { tasks: [], submit: false, withdraw: false, urge: false, end: false };
const task = (over: Partial<TaskActions> = {}): TaskActions => ({
  task_sid: 'Tsk0000000000001',
  node_id: 'review',
  actions: [],
  return_targets: [],
  jump_targets: [],
  ...over,
});

describe('panel buttons', () => {
  it('offers nothing when the server allows nothing', () => {
    expect(panelButtons(none)).toEqual([]);
  });

  it("offers an approver's task actions in a fixed order, signing modes folded into one button", () => {
    const buttons = panelButtons({
      ...none,
      tasks: [
        task({
          actions: ['transfer', 'reject', 'approve', 'addSignAfter', 'addSignBefore', 'return', 'jump'],
          return_targets: [{ id: 'StartEvent_1', name: '开始' }],
          jump_targets: [{ id: 'EndEvent_1', name: '结束' }],
        }),
      ],
    });
    expect(buttons.map((b) => b.name)).toEqual(['approve', 'reject', 'return', 'transfer', 'addSign', 'jump']);
    expect(buttons.every((b) => b.taskSid === 'Tsk0000000000001')).toBe(true);
    expect(buttons.find((b) => b.name === 'addSign')).toMatchObject({ asks: 'signers', modes: ['before', 'after'] });
    expect(buttons.find((b) => b.name === 'return')).toMatchObject({
      asks: 'target',
      targets: [{ id: 'StartEvent_1', name: '开始' }],
    });
    expect(buttons.find((b) => b.name === 'transfer')?.asks).toBe('user');
    expect(new Set(buttons.map((b) => b.key)).size).toBe(buttons.length);
  });

  it('leaves out return and jump without a target (a countersign branch cannot leave its parallel region)', () => {
    const buttons = panelButtons({ ...none, tasks: [task({ actions: ['approve', 'return', 'jump'] })] });
    expect(buttons.map((b) => b.name)).toEqual(['approve']);
  });

  it("keys the buttons of a user's two tasks apart, and gives the starter one resubmit", () => {
    const buttons = panelButtons({
      ...none,
      tasks: [
        task({ task_sid: 'Tsk0000000000001', actions: ['approve'] }),
        task({ task_sid: 'Tsk0000000000002', node_id: 'legal', actions: ['approve'] }),
        task({ task_sid: 'Tsk0000000000003', node_id: 'StartEvent_1', actions: ['resubmit'] }),
      ],
      withdraw: true,
      urge: true,
      end: true,
    });
    expect(buttons.map((b) => b.key)).toEqual([
      'approve:Tsk0000000000001',
      'approve:Tsk0000000000002',
      'resubmit',
      'withdraw',
      'urge',
      'end',
    ]);
    expect(buttons.find((b) => b.name === 'resubmit')?.taskSid).toBeUndefined();
  });

  it('offers a draft its submit', () => {
    expect(panelButtons({ ...none, submit: true, end: true }).map((b) => b.name)).toEqual(['submit', 'end']);
  });

  it('names every action and its outcome in both languages', () => {
    for (const key of [...Object.values(ACTION_LABELS), ...Object.values(ACTION_DONE)]) {
      expect(messages['zh-CN'][key]).toBeTruthy();
      expect(messages.en[key]).toBeTruthy();
    }
  });
});

describe('commands', () => {
  const instance = 'Ins0000000000001';
  const onTask = { taskSid: 'Tsk0000000000001' };

  it('sends an opinion with its comment trimmed, and none when blank', () => {
    expect(commandCall({ name: 'approve', ...onTask }, instance, { comment: '  同意申请 ' })).toEqual({
      path: '/tasks/Tsk0000000000001/approve',
      body: { comment: '同意申请' },
    });
    expect(commandCall({ name: 'reject', ...onTask }, instance, { comment: '   ' })).toEqual({
      path: '/tasks/Tsk0000000000001/reject',
      body: {},
    });
    const file = { file_sid: 'F000000000000001', name: '纪要.pdf' };
    expect(commandCall({ name: 'approve', ...onTask }, instance, { attachments: [file] }).body).toEqual({
      attachments: [file],
    });
    expect(commandCall({ name: 'approve', ...onTask }, instance, { attachments: [] }).body).toEqual({});
  });

  it('sends what each task action needs besides', () => {
    expect(commandCall({ name: 'return', ...onTask }, instance, { targetNodeId: 'review' }).body).toEqual({
      target_node_id: 'review',
    });
    expect(commandCall({ name: 'return', ...onTask }, instance, {}).body).toEqual({});
    expect(commandCall({ name: 'jump', ...onTask }, instance, { targetNodeId: 'EndEvent_1' })).toEqual({
      path: '/tasks/Tsk0000000000001/jump',
      body: { target_node_id: 'EndEvent_1' },
    });
    expect(
      commandCall({ name: 'transfer', ...onTask }, instance, { userSid: 'Usr0000000000009', comment: 'x' }),
    ).toEqual({ path: '/tasks/Tsk0000000000001/transfer', body: { comment: 'x', to_user_sid: 'Usr0000000000009' } });
    expect(
      commandCall({ name: 'addSign', ...onTask }, instance, { mode: 'parallel', signerSids: ['Usr0000000000009'] }),
    ).toEqual({
      path: '/tasks/Tsk0000000000001/add-sign',
      body: { mode: 'parallel', signer_sids: ['Usr0000000000009'] },
    });
  });

  it('sends instance actions to the instance', () => {
    for (const name of ['resubmit', 'submit', 'withdraw', 'urge', 'end'] as const)
      expect(commandCall({ name }, instance, {})).toEqual({ path: `/instances/${instance}/${name}`, body: {} });
  });

  it('refuses to build a task action without its task', () => {
    expect(() => commandCall({ name: 'approve' }, instance, {})).toThrow();
  });
});

describe('refusals', () => {
  it('tells a process that moved on from a refusal the user can fix', () => {
    expect(movedOn({ status: 409, body: { code: errors.taskAlreadyHandled.code } })).toBe(true);
    expect(movedOn({ status: 409, body: { code: errors.instanceNotRunning.code } })).toBe(true);
    expect(movedOn({ status: 404, body: { code: errors.taskNotFound.code } })).toBe(true);
    expect(movedOn({ status: 403, body: { code: errors.notAssignee.code } })).toBe(true);
    expect(movedOn({ status: 400, body: { code: errors.assigneeInvalid.code } })).toBe(false);
    expect(movedOn({ status: 429, body: { code: errors.urgeTooSoon.code } })).toBe(false);
    expect(movedOn({ status: undefined, body: undefined })).toBe(false);
  });
});

describe('diagram markers', () => {
  it('marks where the process rests as current, where it has been as visited, each once', () => {
    expect(
      diagramMarkers({
        current_node_ids: ['legal', 'tech'],
        visited_node_ids: ['StartEvent_1', 'review', 'review', 'legal'],
      }),
    ).toEqual([
      { id: 'legal', marker: CURRENT_MARKER },
      { id: 'tech', marker: CURRENT_MARKER },
      { id: 'StartEvent_1', marker: VISITED_MARKER },
      { id: 'review', marker: VISITED_MARKER },
    ]);
  });
});
