// Reading the approvers other modelers write on user tasks, and binding a model, an action and the resolved
// approvers into such a file while keeping the rest of it (its diagram included).
import { describe, expect, it } from 'vitest';
import { bindImportedXml, foreignAssignments } from './foreign-import.js';
import { CAMUNDA_REVIEW, FLOWABLE_APPROVAL } from './fixtures/foreign.js';
import { parseProcessXml } from './parse.js';
import { lintProcess } from './lint.js';

describe('vendor approvers on user tasks', () => {
  it('reads camunda assignee and candidate groups, keeping an expression whole', async () => {
    const { definitions } = await parseProcessXml(CAMUNDA_REVIEW);
    expect(foreignAssignments(definitions)).toEqual([
      {
        nodeId: 'Task_office',
        nodeName: 'Research office review',
        vendor: 'camunda',
        attribute: 'assignee',
        values: ['Office.Lead'],
      },
      {
        nodeId: 'Task_office',
        nodeName: 'Research office review',
        vendor: 'camunda',
        attribute: 'candidateGroups',
        values: ['ip_specialist', 'finance_team'],
      },
      {
        nodeId: 'Task_author',
        nodeName: 'Author confirms',
        vendor: 'camunda',
        attribute: 'assignee',
        values: ['${initiator}'],
      },
    ]);
  });

  it('finds flowable attributes by their namespace, whatever the prefix', async () => {
    const { definitions } = await parseProcessXml(FLOWABLE_APPROVAL);
    expect(foreignAssignments(definitions)).toEqual([
      {
        nodeId: 'approveTask',
        nodeName: 'Approve the filing',
        vendor: 'flowable',
        attribute: 'candidateUsers',
        values: ['reviewer.one', 'nobody.here'],
      },
    ]);
  });

  it('reads nothing from a file of ours', async () => {
    const ours = CAMUNDA_REVIEW.replace('http://camunda.org/schema/1.0/bpmn', 'http://example.com/other');
    expect(foreignAssignments((await parseProcessXml(ours)).definitions)).toEqual([]);
  });
});

describe('binding an imported process', () => {
  it('writes the model, the action and the approvers, and keeps the diagram and the vendor attributes', async () => {
    const xml = await bindImportedXml(CAMUNDA_REVIEW, {
      model: 'scientific_paper',
      action: 'report',
      approvers: new Map([
        [
          'Task_office',
          [
            { kind: 'user', values: ['UsrLead000000001'] },
            { kind: 'role', values: ['ip_specialist'] },
          ],
        ],
      ]),
    });
    const { graph, definitions } = await parseProcessXml(xml);
    expect(graph.settings).toMatchObject({ key: 'paper_review', model: 'scientific_paper', action: 'report' });
    const office = graph.nodes.Task_office;
    expect(office?.kind === 'userTask' && office.approvers).toEqual([
      { kind: 'user', values: ['UsrLead000000001'] },
      { kind: 'role', values: ['ip_specialist'] },
    ]);
    const author = graph.nodes.Task_author;
    expect(author?.kind === 'userTask' && author.approvers).toEqual([]);
    // The step left without approvers is what the designer still asks for.
    const problems = await lintProcess(definitions);
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.rule}:${p.elementId}`)).toEqual([
      'task-approvers:Task_author',
    ]);
    expect(xml).toContain('camunda:assignee="Office.Lead"');
    expect(xml.match(/<bpmndi:BPMNShape /g)).toHaveLength(4);
    expect(xml.match(/<bpmndi:BPMNEdge /g)).toHaveLength(3);
  });

  it('keeps a model the file names, and approvers a step already has', async () => {
    const named = await bindImportedXml(CAMUNDA_REVIEW, {
      model: 'patent',
      approvers: new Map([['Task_office', [{ kind: 'role', values: ['ip_specialist'] }]]]),
    });
    const again = await bindImportedXml(named, {
      model: 'scientific_paper',
      approvers: new Map([['Task_office', [{ kind: 'role', values: ['inventor'] }]]]),
    });
    const { graph } = await parseProcessXml(again);
    expect(graph.settings.model).toBe('patent');
    const office = graph.nodes.Task_office;
    expect(office?.kind === 'userTask' && office.approvers).toEqual([{ kind: 'role', values: ['ip_specialist'] }]);
  });

  it('refuses what is not BPMN', async () => {
    await expect(bindImportedXml('<not-bpmn', { approvers: new Map() })).rejects.toMatchObject({
      message: 'workflowXmlInvalid',
      definition: { code: 400801 },
    });
  });
});
