// From the BPMN model of one process to the executable ProcessGraph. Only the five executable node
// types and the sequence flows between them enter the graph; anything else is left out here and
// reported by the supported-elements design rule, so a draft with a stray element still loads.
import type { NodeKind, ProcessGraph, ProcessNode, SequenceFlow } from './graph.js';
import { elementOf, listOf, type ModdleElement } from './moddle.js';
import { readListeners, readProcessSettings, readTaskSettings, textOf } from './settings.js';

/** The BPMN element type of each executable node kind. */
export const NODE_KIND_BY_TYPE: Readonly<Record<string, NodeKind>> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
};

export function nodeKindOf(element: ModdleElement): NodeKind | undefined {
  return NODE_KIND_BY_TYPE[element.$type];
}

/** The text of a flow's condition expression, or null when it has none (or only blanks). */
export function conditionOf(flow: ModdleElement): string | null {
  return textOf(elementOf(flow, 'conditionExpression'), 'body');
}

function nodeOf(element: ModdleElement, id: string, kind: NodeKind): ProcessNode {
  const base = {
    id,
    name: textOf(element, 'name') ?? '',
    incoming: [],
    outgoing: [],
    listeners: readListeners(element),
  };
  switch (kind) {
    case 'start':
    case 'end':
    case 'parallel':
      return { ...base, kind };
    case 'exclusive':
      return { ...base, kind, defaultFlow: elementOf(element, 'default')?.id ?? null };
    case 'userTask':
      return { ...base, kind, ...readTaskSettings(element) };
  }
}

export function graphFromProcess(process: ModdleElement): ProcessGraph {
  const nodes: Record<string, ProcessNode> = {};
  const flows: Record<string, SequenceFlow> = {};
  const elements = listOf(process, 'flowElements');
  let start = '';
  for (const element of elements) {
    const kind = nodeKindOf(element);
    if (!kind || !element.id) continue;
    nodes[element.id] = nodeOf(element, element.id, kind);
    if (kind === 'start' && !start) start = element.id;
  }
  // Incoming and outgoing lists come from the flows themselves, not from the nodes' own incoming and
  // outgoing references, which a hand-edited file may leave out of step.
  for (const element of elements) {
    if (element.$type !== 'bpmn:SequenceFlow' || !element.id) continue;
    const source = elementOf(element, 'sourceRef')?.id;
    const target = elementOf(element, 'targetRef')?.id;
    const from = source === undefined ? undefined : nodes[source];
    const to = target === undefined ? undefined : nodes[target];
    if (!from || !to) continue;
    flows[element.id] = {
      id: element.id,
      name: textOf(element, 'name') ?? '',
      source: from.id,
      target: to.id,
      condition: conditionOf(element),
    };
    from.outgoing.push(element.id);
    to.incoming.push(element.id);
  }
  // A default flow that is not one of the gateway's own outgoing flows would never be taken.
  for (const node of Object.values(nodes)) {
    if (node.kind === 'exclusive' && node.defaultFlow && !node.outgoing.includes(node.defaultFlow))
      node.defaultFlow = null;
  }
  return { settings: readProcessSettings(process), nodes, flows, start };
}
