// The instance's process drawn read-only (bpmn-js NavigatedViewer with our moddle extension and texts):
// the steps it rests at marked as current, those it passed as visited. Loaded lazily by the panel, so a
// record page without a process does not fetch bpmn-js.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './approval.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ipdeskModdleDescriptor, type MessageKey } from '@ipdesk/core';
import type { InstanceDiagram } from '../../../api/workflow-runs';
import { designerModules } from '../designer/bpmn-modules';
import type { Canvas, ElementRegistry } from '../designer/diagram-services';
import { diagramMarkers } from './diagram-markers';

export interface ProcessDiagramProps {
  diagram: InstanceDiagram;
  onImportFailed: () => void;
}

export default function ProcessDiagram({ diagram, onImportFailed }: ProcessDiagramProps) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // The latest callback, so a parent's new function does not redraw the diagram.
  const failed = useRef(onImportFailed);
  failed.current = onImportFailed;

  useEffect(() => {
    if (!container.current) return undefined;
    const translate = (key: MessageKey) => i18n.t(key);
    const viewer = new NavigatedViewer({
      container: container.current,
      additionalModules: designerModules(translate, false),
      moddleExtensions: { ipdesk: ipdeskModdleDescriptor },
    });
    let mounted = true;
    setDrawn(false);
    viewer.importXML(diagram.xml).then(
      () => {
        if (!mounted) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<ElementRegistry>('elementRegistry');
        for (const { id, marker } of diagramMarkers(diagram)) if (registry.get(id)) canvas.addMarker(id, marker);
        // No palette floats over a viewer: the whole diagram fits the box.
        canvas.zoom('fit-viewport', 'auto');
        setDrawn(true);
      },
      () => mounted && failed.current(),
    );
    return () => {
      mounted = false;
      viewer.destroy();
    };
  }, [diagram, i18n]);

  return (
    <div
      ref={container}
      className="ipdesk-process-diagram"
      data-testid="wf-diagram"
      data-drawn={drawn ? 'true' : 'false'}
      data-current={diagram.current_node_ids.join(' ')}
    />
  );
}
