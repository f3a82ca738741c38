// Parsing BPMN XML into the executable graph: every ipdesk setting read (and kept through a moddle
// write and re-read, which is what bpmn-js does when the designer saves), defaults for what is absent or
// wrong, what is left out of the graph, and the coded errors of input that is not a process at all.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import { diagram, LINEAR } from './fixtures/diagram.js';
import { FULL_SETTINGS_XML } from './fixtures/full-settings.js';
import type { ProcessGraph } from './graph.js';
import { WORKFLOW_MAX_ELEMENTS, WORKFLOW_XML_MAX_LENGTH } from './limits.js';
import { lintProcess } from './lint.js';
import { createProcessModdle } from './moddle.js';
import { parseProcessXml } from './parse.js';

const FULL_GRAPH: ProcessGraph = {
  settings: {
    key: 'patent_review',
    name: '专利审批 Review',
    serialNumber: 'PR-{yyyy}-{seq}',
    identityKey: 'sn',
    scope: 'company',
    model: 'patent',
    form: 'patent_apply_form',
    restartMode: 2,
    processCategory: 'proposal',
    invoiceStatus: 'audited',
    approveUsers: ['U1', 'U2'],
    approveRoles: ['ipr', 'legal'],
    approveUserField: 'inventor_sid',
    listeners: [
      { event: 'start', name: 'audit.processStarted', phase: 'inTransaction' },
      { event: 'end', name: 'notify.processEnded', phase: 'afterCommit' },
    ],
  },
  nodes: {
    start: { id: 'start', kind: 'start', name: '开始', incoming: [], outgoing: ['f_start'], listeners: [] },
    review: {
      id: 'review',
      kind: 'userTask',
      name: '部门审批',
      incoming: ['f_start'],
      outgoing: ['f_review'],
      listeners: [
        { event: 'create', name: 'notify.taskCreated', phase: 'afterCommit' },
        { event: 'complete', name: 'audit.taskDone', phase: 'inTransaction' },
      ],
      approvers: [
        { kind: 'role', values: ['ipr', 'legal'] },
        { kind: 'department', values: ['D1'] },
        { kind: 'leader', values: [] },
      ],
      cc: [
        { kind: 'user', values: ['U3', 'U4'] },
        { kind: 'starter', values: [] },
      ],
      voteMode: 4,
      levelApprove: 0,
      repeatedMode: 'autoApproveConsecutive',
      emptyApprovers: 'toAdmin',
      freeJump: true,
      addSign: true,
      dueHours: 72,
      remindHours: 24,
      fields: [
        { field: 'title', access: 'edit' },
        { field: 'abstract', access: 'hidden' },
      ],
      variable: 'deptResult',
    },
    decide: {
      id: 'decide',
      kind: 'exclusive',
      name: '通过？',
      incoming: ['f_review'],
      outgoing: ['to_legal', 'to_merge_no'],
      listeners: [],
      defaultFlow: 'to_merge_no',
    },
    legal: {
      id: 'legal',
      kind: 'userTask',
      name: '法务',
      incoming: ['to_legal'],
      outgoing: ['f_legal'],
      listeners: [],
      approvers: [],
      cc: [],
      voteMode: 3,
      levelApprove: 3,
      repeatedMode: 'none',
      emptyApprovers: 'error',
      freeJump: false,
      addSign: false,
      dueHours: null,
      remindHours: null,
      fields: [],
      variable: null,
    },
    merge: {
      id: 'merge',
      kind: 'exclusive',
      name: '',
      incoming: ['to_merge_no', 'f_legal'],
      outgoing: ['f_end'],
      listeners: [],
      defaultFlow: null,
    },
    end: { id: 'end', kind: 'end', name: '结束', incoming: ['f_end'], outgoing: [], listeners: [] },
  },
  flows: {
    f_start: { id: 'f_start', name: '', source: 'start', target: 'review', condition: null },
    f_review: { id: 'f_review', name: '', source: 'review', target: 'decide', condition: null },
    to_legal: {
      id: 'to_legal',
      name: '通过',
      source: 'decide',
      target: 'legal',
      condition: "var.deptResult = 'approved' AND record.amount >= 1000",
    },
    to_merge_no: { id: 'to_merge_no', name: '', source: 'decide', target: 'merge', condition: null },
    f_legal: { id: 'f_legal', name: '', source: 'legal', target: 'merge', condition: null },
    f_end: { id: 'f_end', name: '', source: 'merge', target: 'end', condition: null },
  },
  start: 'start',
};

async function codeOf(promise: Promise<unknown>): Promise<{ name: string; params: unknown }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { name: (error as AppError).message, params: (error as AppError).params };
}

describe('parseProcessXml', () => {
  it('reads every ipdesk setting into the graph, and the diagram passes the design rules', async () => {
    const parsed = await parseProcessXml(FULL_SETTINGS_XML);
    expect(parsed.graph).toEqual(FULL_GRAPH);
    expect(parsed.warnings).toEqual([]);
    expect(await lintProcess(parsed.definitions)).toEqual([]);
  });

  it('keeps every setting through a moddle write and re-read (what the designer does on save)', async () => {
    const { definitions } = await parseProcessXml(FULL_SETTINGS_XML);
    const { xml } = await createProcessModdle().toXML(definitions, { format: true });
    expect(xml).toContain('<ipdesk:ProcessSettings model="patent"');
    expect(xml).toContain('<ipdesk:Approver kind="role" values="ipr,legal" />');
    const again = await parseProcessXml(xml);
    expect(again.graph).toEqual(FULL_GRAPH);
    expect(again.warnings).toEqual([]);
  });

  it('takes defaults for absent settings and for wrong values', async () => {
    const { graph } = await parseProcessXml(
      diagram({
        ...LINEAR,
        settings: { restartMode: '7' },
        nodes: [
          LINEAR.nodes[0]!,
          {
            id: 'submit',
            type: 'task',
            approval: { voteSignMode: 'x', repeatedMode: 'sometimes', dueHours: '-3', freeJump: 'yes' },
            approvers: [{ kind: 'starter' }, { kind: 'nobody', values: 'a' }],
          },
          LINEAR.nodes[2]!,
        ],
      }),
    );
    expect(graph.settings.restartMode).toBe(1);
    expect(graph.nodes['submit']).toMatchObject({
      voteMode: 3,
      repeatedMode: 'none',
      emptyApprovers: 'error',
      dueHours: null,
      freeJump: false,
      approvers: [{ kind: 'starter', values: [] }],
      cc: [],
    });
  });

  it('leaves elements the engine does not run, and their flows, out of the graph', async () => {
    const { graph } = await parseProcessXml(
      diagram({
        nodes: [...LINEAR.nodes, { id: 'mail', type: 'sendTask' }],
        flows: [...LINEAR.flows, ['f3', 'submit', 'mail']],
      }),
    );
    expect(Object.keys(graph.nodes)).toEqual(['start', 'submit', 'end']);
    expect(Object.keys(graph.flows)).toEqual(['f1', 'f2']);
    expect(graph.nodes['submit']!.outgoing).toEqual(['f2']);
  });

  it('answers coded errors for what is not a process', async () => {
    expect(await codeOf(parseProcessXml('<bpmn:definitions><oops'))).toEqual({
      name: 'workflowXmlInvalid',
      params: { line: 1 },
    });
    expect((await codeOf(parseProcessXml('\n\nnot xml at all'))).name).toBe('workflowXmlInvalid');
    expect((await codeOf(parseProcessXml('<html><body/></html>'))).name).toBe('workflowXmlInvalid');
    const noProcess =
      '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x"><bpmn:collaboration id="c"/></bpmn:definitions>';
    expect((await codeOf(parseProcessXml(noProcess))).name).toBe('workflowNoProcess');
    expect(await codeOf(parseProcessXml(' '.repeat(WORKFLOW_XML_MAX_LENGTH + 1)))).toEqual({
      name: 'workflowXmlTooLarge',
      params: { max: WORKFLOW_XML_MAX_LENGTH },
    });
    const many = diagram({
      nodes: Array.from({ length: WORKFLOW_MAX_ELEMENTS + 1 }, (_, i) => ({ id: `t${i}`, type: 'task' })),
      flows: [],
    });
    expect((await codeOf(parseProcessXml(many))).name).toBe('workflowTooManyElements');
  });

  it('does not expand entities a document type declares (no entity bombs)', async () => {
    const xml = diagram({ ...LINEAR, name: 'x' })
      .replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "AAAAAAAAAA">]>')
      .replace('name="x"', 'name="&a;&a;&a;"');
    const { graph } = await parseProcessXml(xml);
    expect(graph.settings.name).not.toContain('AAAAAAAAAA');
  });
});
