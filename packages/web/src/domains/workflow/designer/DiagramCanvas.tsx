// The bpmn-js canvas: a Modeler (restricted to what the engine runs) for a draft being edited, a
// NavigatedViewer for a version only looked at. One instance per mount: the page remounts it (by key)
// to open another version, so no state of one diagram leaks into the next.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './designer.css';
import Modeler from 'bpmn-js/lib/Modeler';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ipdeskModdleDescriptor, type MessageKey, type ModdleElement } from '@ipdesk/core';
import { designerModules } from './bpmn-modules';
import { fitDiagram, type DiagramServices } from './diagram-services';

type Viewer = InstanceType<typeof Modeler> | InstanceType<typeof NavigatedViewer>;

function servicesOf(viewer: Viewer, editable: boolean, alive: () => boolean): DiagramServices {
  return {
    alive,
    moddle: viewer.get('moddle'),
    elementRegistry: viewer.get('elementRegistry'),
    canvas: viewer.get('canvas'),
    selection: viewer.get('selection'),
    eventBus: viewer.get('eventBus'),
    ...(editable && { modeling: viewer.get('modeling'), commandStack: viewer.get('commandStack') }),
    // bpmn-js types the definitions loosely; they are the moddle tree core's rules read.
    definitions: () => viewer.getDefinitions() as unknown as ModdleElement | undefined,
    saveXml: async () => (await viewer.saveXML({ format: true })).xml ?? '',
  };
}

export interface DiagramCanvasProps {
  xml: string;
  editable: boolean;
  /** The services once the diagram is drawn; undefined again when the canvas goes away. */
  onReady: (services: DiagramServices | undefined) => void;
  onImportFailed: (error: unknown) => void;
}

export function DiagramCanvas({ xml, editable, onReady, onImportFailed }: DiagramCanvasProps) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer>(undefined);
  // The callbacks of the latest render, so a parent's new functions do not rebuild the canvas.
  const callbacks = useRef({ onReady, onImportFailed });
  callbacks.current = { onReady, onImportFailed };

  useEffect(() => {
    if (!container.current) return undefined;
    const translate = (key: MessageKey) => i18n.t(key);
    const options = {
      container: container.current,
      additionalModules: designerModules(translate, editable),
      moddleExtensions: { ipdesk: ipdeskModdleDescriptor },
    };
    const viewer: Viewer = editable ? new Modeler(options) : new NavigatedViewer(options);
    viewerRef.current = viewer;
    let mounted = true;
    viewer.importXML(xml).then(
      () => {
        if (!mounted) return;
        const services = servicesOf(viewer, editable, () => mounted);
        fitDiagram(services.canvas);
        callbacks.current.onReady(services);
      },
      (error: unknown) => mounted && callbacks.current.onImportFailed(error),
    );
    return () => {
      mounted = false;
      callbacks.current.onReady(undefined);
      viewer.destroy();
      viewerRef.current = undefined;
    };
  }, [xml, editable, i18n]);

  // The palette redraws its tooltips on i18n.changed; the context pad and menus read them when opened.
  useEffect(() => {
    const relabel = () => viewerRef.current?.get<{ fire(event: string): void }>('eventBus').fire('i18n.changed');
    i18n.on('languageChanged', relabel);
    return () => i18n.off('languageChanged', relabel);
  }, [i18n]);

  return <div ref={container} className="ipdesk-designer-canvas" data-testid="designer-canvas" />;
}
