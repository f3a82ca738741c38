// The structure the design rules reason about, computed once per process and shared by every rule:
// all flow nodes (executable or not) with their flows, the back links (flows closing a loop), the forward
// graph without them, its post-dominators (where the branches of a split meet again) and the parallel
// regions (what runs between a parallel split and its join). Every step is linear or near it.
import { graphFromProcess, NODE_KIND_BY_TYPE } from './build-graph.js';
import type { NodeKind, ProcessGraph } from './graph.js';
import { elementOf, executableProcess, listOf, type ModdleElement } from './moddle.js';
import { textOf } from './settings.js';

/** The virtual node after every end: the post-dominator of a split whose branches never meet. */
export const EXIT = '';

export interface ViewNode {
  id: string;
  name: string;
  type: string;
  /** Undefined for element types the engine does not run. */
  kind: NodeKind | undefined;
  element: ModdleElement;
  /** Flow ids in document order. */
  incoming: string[];
  outgoing: string[];
}

export interface ViewFlow {
  id: string;
  source: string;
  target: string;
  element: ModdleElement;
}

export interface ParallelRegion {
  split: string;
  /** Where the branches meet again (EXIT when they never do). */
  join: string;
  /** Each node between split and join, with the split's outgoing flows (branches) it lies on. */
  branchesOf: Map<string, Set<string>>;
}

export interface DesignView {
  process: ModdleElement;
  graph: ProcessGraph;
  nodes: Map<string, ViewNode>;
  flows: Map<string, ViewFlow>;
  /** Sequence flows not connected to a node of this process at both ends. */
  dangling: ModdleElement[];
  /** Flows that close a loop (found by a depth-first walk from the start): the "back links". */
  backFlows: Set<string>;
  /** Immediate post-dominator of each node in the forward graph (EXIT when none). */
  ipdom: Map<string, string>;
  reachableFromStart: Set<string>;
  reachesEnd: Set<string>;
  parallelRegions: ParallelRegion[];
  /** Outgoing flows that are not back links. */
  forwardOut(nodeId: string): string[];
  forwardIn(nodeId: string): string[];
  /** Forward flows that can still reach an end: the branches that must meet again. */
  splitBranches(nodeId: string): string[];
}

const cache = new WeakMap<ModdleElement, DesignView>();

/** The view of the diagram's executable process, when `node` is that process (rules check there). */
export function viewOfCheckedNode(node: ModdleElement): DesignView | undefined {
  if (node.$type !== 'bpmn:Process' || !node.$parent || executableProcess(node.$parent) !== node) return undefined;
  return designViewOf(node);
}

/**
 * The view of a process, shared by the rules of one lint pass. bpmnlint runs all rules in one
 * synchronous loop, and the designer edits the same model tree in place between passes, so the cached
 * view is dropped as soon as the current task ends.
 */
export function designViewOf(process: ModdleElement): DesignView {
  let view = cache.get(process);
  if (!view) {
    view = buildView(process);
    cache.set(process, view);
    queueMicrotask(() => cache.delete(process));
  }
  return view;
}

function buildView(process: ModdleElement): DesignView {
  const nodes = new Map<string, ViewNode>();
  const flows = new Map<string, ViewFlow>();
  const dangling: ModdleElement[] = [];
  const elements = listOf(process, 'flowElements');
  for (const element of elements) {
    if (!element.id || element.$type === 'bpmn:SequenceFlow' || !element.$instanceOf('bpmn:FlowNode')) continue;
    const type = element.$type;
    const name = textOf(element, 'name') ?? '';
    nodes.set(element.id, {
      id: element.id,
      name,
      type,
      kind: NODE_KIND_BY_TYPE[type],
      element,
      incoming: [],
      outgoing: [],
    });
  }
  for (const element of elements) {
    if (element.$type !== 'bpmn:SequenceFlow' || !element.id) continue;
    const source = nodes.get(elementOf(element, 'sourceRef')?.id ?? '');
    const target = nodes.get(elementOf(element, 'targetRef')?.id ?? '');
    if (!source || !target) {
      dangling.push(element);
      continue;
    }
    flows.set(element.id, { id: element.id, source: source.id, target: target.id, element });
    source.outgoing.push(element.id);
    target.incoming.push(element.id);
  }
  const starts = [...nodes.values()].filter((n) => n.type === 'bpmn:StartEvent').map((n) => n.id);
  const { backFlows, postorder } = walk(nodes, flows, starts);
  const forwardOut = (id: string) => (nodes.get(id)?.outgoing ?? []).filter((f) => !backFlows.has(f));
  const forwardIn = (id: string) => (nodes.get(id)?.incoming ?? []).filter((f) => !backFlows.has(f));
  const target = (flowId: string) => flows.get(flowId)!.target;
  const source = (flowId: string) => flows.get(flowId)!.source;
  // A branch that only loops back (a "return" path) never reaches an end, so it does not take part in
  // where branches meet: post-dominators are taken over the successors that can reach a terminal node.
  const terminals = [...nodes.values()].filter((n) => n.outgoing.length === 0).map((n) => n.id);
  const exitBound = closure(terminals, (id) => forwardIn(id).map(source));
  const splitBranches = (id: string) => forwardOut(id).filter((f) => exitBound.has(target(f)));
  const ipdom = postDominators(postorder, (id) => splitBranches(id).map(target));
  const ends = [...nodes.values()].filter((n) => n.type === 'bpmn:EndEvent').map((n) => n.id);
  const view: DesignView = {
    process,
    graph: graphFromProcess(process),
    nodes,
    flows,
    dangling,
    backFlows,
    ipdom,
    reachableFromStart: closure(starts, (id) => nodes.get(id)!.outgoing.map(target)),
    reachesEnd: closure(ends, (id) => nodes.get(id)!.incoming.map(source)),
    parallelRegions: [],
    forwardOut,
    forwardIn,
    splitBranches,
  };
  view.parallelRegions = parallelRegions(view);
  return view;
}

/**
 * Depth-first walk from the start events, then from any node not yet seen (document order): a flow to a
 * node still on the walk's path closes a loop. The postorder lists every node after all its forward
 * successors, which the post-dominator pass needs.
 */
function walk(
  nodes: Map<string, ViewNode>,
  flows: Map<string, ViewFlow>,
  roots: string[],
): { backFlows: Set<string>; postorder: string[] } {
  const state = new Map<string, 'open' | 'done'>();
  const backFlows = new Set<string>();
  const postorder: string[] = [];
  for (const root of [...roots, ...nodes.keys()]) {
    if (state.has(root)) continue;
    // Explicit stack: a long chain of tasks must not exhaust the call stack.
    const stack: Array<{ id: string; next: number }> = [{ id: root, next: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const outgoing = nodes.get(top.id)!.outgoing;
      if (top.next < outgoing.length) {
        const flowId = outgoing[top.next++]!;
        const next = flows.get(flowId)!.target;
        const seen = state.get(next);
        if (seen === 'open') backFlows.add(flowId);
        else if (!seen) {
          state.set(next, 'open');
          stack.push({ id: next, next: 0 });
        }
      } else {
        state.set(top.id, 'done');
        postorder.push(top.id);
        stack.pop();
      }
    }
  }
  return { backFlows, postorder };
}

/**
 * Immediate post-dominators on the forward graph (acyclic once back links are left out), with a virtual
 * EXIT after every node that has no forward successor. In postorder each node comes after its
 * successors, so one pass of the Cooper–Harvey–Kennedy intersection settles every node.
 */
function postDominators(postorder: string[], successors: (id: string) => string[]): Map<string, string> {
  const ipdom = new Map<string, string>([[EXIT, EXIT]]);
  const rank = new Map<string, number>([[EXIT, 0]]);
  postorder.forEach((id, index) => rank.set(id, index + 1));
  const intersect = (a: string, b: string): string => {
    while (a !== b) {
      while (rank.get(a)! > rank.get(b)!) a = ipdom.get(a)!;
      while (rank.get(b)! > rank.get(a)!) b = ipdom.get(b)!;
    }
    return a;
  };
  for (const id of postorder) {
    const next = successors(id);
    ipdom.set(id, next.length === 0 ? EXIT : next.reduce(intersect));
  }
  ipdom.delete(EXIT);
  return ipdom;
}

function closure(from: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  while (queue.length > 0) {
    for (const id of next(queue.pop()!)) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(id);
    }
  }
  return seen;
}

/** For each parallel split: the nodes on each branch before the branches meet at its post-dominator. */
function parallelRegions(view: DesignView): ParallelRegion[] {
  const regions: ParallelRegion[] = [];
  for (const node of view.nodes.values()) {
    const branches = view.forwardOut(node.id);
    if (node.kind !== 'parallel' || view.splitBranches(node.id).length < 2) continue;
    const join = view.ipdom.get(node.id) ?? EXIT;
    const branchesOf = new Map<string, Set<string>>();
    for (const branch of branches) {
      const first = view.flows.get(branch)!.target;
      if (first === join) continue;
      for (const id of closure([first], (n) =>
        view
          .forwardOut(n)
          .map((f) => view.flows.get(f)!.target)
          .filter((t) => t !== join),
      )) {
        const set = branchesOf.get(id) ?? new Set<string>();
        set.add(branch);
        branchesOf.set(id, set);
      }
    }
    regions.push({ split: node.id, join, branchesOf });
  }
  return regions;
}
