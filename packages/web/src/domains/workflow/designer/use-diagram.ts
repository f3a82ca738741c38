// React's view of the canvas: which element is selected, a revision that moves with every command (an
// edit, an undo, a redo), and the live design check that runs core's design rules on the diagram a
// moment after the last change and marks the elements it finds problems on.
import { useEffect, useRef, useState } from 'react';
import { lintProcess, type DesignProblem } from '@ipdesk/core';
import type { DiagramElement, DiagramServices } from './diagram-services';
import { markedElements, type ShownProblem } from './design-problems';

/** Typing in the panel or dragging shapes makes many commands: the check waits for a pause. */
const CHECK_DELAY_MS = 300;

export interface DiagramState {
  /** The one element selected (a label stands for its element); undefined for none or several. */
  selected: DiagramElement | undefined;
  revision: number;
}

export function useDiagramState(services: DiagramServices | undefined): DiagramState {
  const [selected, setSelected] = useState<DiagramElement>();
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    setSelected(undefined);
    setRevision(0);
    if (!services) return undefined;
    const onSelection = (event: { newSelection?: DiagramElement[] }) => {
      const chosen = event.newSelection?.length === 1 ? event.newSelection[0] : undefined;
      setSelected(chosen?.labelTarget ?? chosen);
    };
    const onCommand = () => setRevision((value) => value + 1);
    services.eventBus.on('selection.changed', onSelection);
    services.eventBus.on('commandStack.changed', onCommand);
    return () => {
      services.eventBus.off('selection.changed', onSelection);
      services.eventBus.off('commandStack.changed', onCommand);
    };
  }, [services]);

  // An undo may take away the element the panel shows.
  const present = selected && services?.elementRegistry.get(selected.id) === selected ? selected : undefined;
  return { selected: present, revision };
}

export function useDesignCheck(services: DiagramServices | undefined, revision: number): DesignProblem[] | undefined {
  const [problems, setProblems] = useState<DesignProblem[]>();

  useEffect(() => {
    setProblems(undefined);
  }, [services]);

  useEffect(() => {
    if (!services) return undefined;
    let current = true;
    const timer = setTimeout(
      () => {
        const definitions = services.definitions();
        if (!definitions) return;
        lintProcess(definitions).then(
          (found) => current && setProblems(found),
          // A check that cannot run leaves the last result: publishing is checked on the server again.
          () => undefined,
        );
      },
      revision === 0 ? 0 : CHECK_DELAY_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [services, revision]);

  return problems;
}

/** Keeps the canvas markers in step with the problems shown. */
export function useProblemMarkers(services: DiagramServices | undefined, problems: readonly ShownProblem[]): void {
  const applied = useRef<{ services: DiagramServices | undefined; markers: Map<string, string> }>({
    services: undefined,
    markers: new Map(),
  });

  useEffect(() => {
    if (!services) return;
    const { canvas, elementRegistry } = services;
    // Another canvas (a version opened) starts without markers.
    const before = applied.current.services === services ? applied.current.markers : new Map<string, string>();
    const next = markedElements(problems);
    // Taken off and put on again each time: an undo redraws elements, and a marker set on the old
    // drawing would otherwise be thought present.
    for (const [id, marker] of before) if (elementRegistry.get(id)) canvas.removeMarker(id, marker);
    for (const [id, marker] of next) if (elementRegistry.get(id)) canvas.addMarker(id, marker);
    applied.current = { services, markers: next };
  }, [services, problems]);
}
