// The new-process template: valid BPMN with a layout for every element, labels in the chosen language,
// names escaped, and nothing for the design rules to report.
import { describe, expect, it } from 'vitest';
import { lintProcess } from './lint.js';
import { listOf } from './moddle.js';
import { parseProcessXml } from './parse.js';
import { processXmlTemplate } from './template.js';

describe('processXmlTemplate', () => {
  it('is start → submit → end, passes every rule and draws every element', async () => {
    const xml = processXmlTemplate({ key: 'patent_apply', name: '专利申请', model: 'patent', language: 'zh-CN' });
    const { graph, definitions, warnings } = await parseProcessXml(xml);
    expect(warnings).toEqual([]);
    expect(await lintProcess(definitions)).toEqual([]);
    expect(graph.settings).toMatchObject({ key: 'patent_apply', name: '专利申请', model: 'patent', restartMode: 1 });
    expect(Object.values(graph.nodes).map((n) => [n.kind, n.name])).toEqual([
      ['start', '开始'],
      ['userTask', '提交'],
      ['end', '结束'],
    ]);
    // bpmn-js draws only what has a shape or an edge in the diagram.
    const plane = listOf(definitions, 'diagrams')[0]!['plane'] as Parameters<typeof listOf>[0];
    const drawn = listOf(plane, 'planeElement').map((di) => (di['bpmnElement'] as { id: string }).id);
    expect(drawn.sort()).toEqual([...Object.keys(graph.nodes), ...Object.keys(graph.flows)].sort());
  });

  it('labels in English and escapes the name', async () => {
    const xml = processXmlTemplate({ key: 'p1', name: 'R&D <"review">', model: 'project', language: 'en' });
    const { graph } = await parseProcessXml(xml);
    expect(graph.settings.name).toBe('R&D <"review">');
    expect(Object.values(graph.nodes).map((n) => n.name)).toEqual(['Start', 'Submit', 'End']);
  });
});
