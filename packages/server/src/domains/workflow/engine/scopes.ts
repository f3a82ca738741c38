// Where each step sits among parallel regions: the stack of parallel branches a token passes to reach it
// from the start, each named by its fork and the fork's outgoing flow ("fork#flow"; a join closes the
// innermost). Going back, withdrawing and jumping may not cross a parallel gateway (spec §5), i.e. the two
// steps must have the same stack: the same branch of the same fork, or both outside any.
import type { ProcessGraph } from '@ipdesk/core';

/** The name of one branch of a parallel fork in a token's scope. */
export function branchOf(forkId: string, flowId: string): string {
  return `${forkId}#${flowId}`;
}

const cache = new WeakMap<ProcessGraph, Map<string, readonly string[]>>();

/** Each reachable node's stack of enclosing branches; a join gateway itself counts as outside its region. */
export function nodeScopes(graph: ProcessGraph): Map<string, readonly string[]> {
  const known = cache.get(graph);
  if (known) return known;
  const scopes = new Map<string, readonly string[]>();
  const queue: Array<[string, readonly string[]]> = [[graph.start, []]];
  while (queue.length > 0) {
    const [id, arriving] = queue.shift()!;
    const node = graph.nodes[id];
    if (!node || scopes.has(id)) continue;
    const isParallel = node.kind === 'parallel';
    const own = isParallel && node.incoming.length > 1 ? arriving.slice(0, -1) : arriving;
    scopes.set(id, own);
    const forks = isParallel && node.outgoing.length > 1;
    for (const flowId of node.outgoing) {
      const target = graph.flows[flowId]?.target;
      if (target) queue.push([target, forks ? [...own, branchOf(id, flowId)] : own]);
    }
  }
  cache.set(graph, scopes);
  return scopes;
}

export function sameScope(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return a.every((id, i) => id === b[i]);
}

/** Whether moving a process from one step to another stays inside the same parallel region. */
export function withinOneRegion(graph: ProcessGraph, from: string, to: string): boolean {
  const scopes = nodeScopes(graph);
  return sameScope(scopes.get(from), scopes.get(to));
}
