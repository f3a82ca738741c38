// Walks over the design view that several rules share.
import type { DesignView } from '../design-view.js';

/** Nodes reachable forward from `from` (itself included), not going past `stop`. */
export function closureUntil(view: DesignView, from: string, stop: string | undefined): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (id === stop) continue;
    for (const flow of view.forwardOut(id)) {
      const next = view.flows.get(flow)!.target;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/** The node kinds that merge branches. */
export const isGatewayKind = (kind: string | undefined): boolean => kind === 'exclusive' || kind === 'parallel';
