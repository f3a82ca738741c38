// Which canvas marker each step of an instance's diagram gets: where the process rests now, and where it
// has been (a step it rests at again, after a return, counts as current only).
import type { InstanceDiagram } from '../../../api/workflow-runs';

export const CURRENT_MARKER = 'ipdesk-run-current';
export const VISITED_MARKER = 'ipdesk-run-visited';

export function diagramMarkers(
  diagram: Pick<InstanceDiagram, 'current_node_ids' | 'visited_node_ids'>,
): Array<{ id: string; marker: string }> {
  const current = new Set(diagram.current_node_ids);
  const visited = [...new Set(diagram.visited_node_ids)].filter((id) => !current.has(id));
  return [
    ...[...current].map((id) => ({ id, marker: CURRENT_MARKER })),
    ...visited.map((id) => ({ id, marker: VISITED_MARKER })),
  ];
}
