// The part of bpmn-js' services the designer uses, typed narrowly here (the library's own types are wider
// and change between majors), and the writes the properties panel makes. Every write goes through the
// modeling service, so it is one command on the command stack: undo and redo cover it, and the live
// design check and the panel hear of it through `commandStack.changed`.
import type { ModdleElement } from '@ipdesk/core';
import { APPROVAL_TYPE, PROCESS_SETTINGS_TYPE } from '@ipdesk/core';
import {
  adopt,
  approvalElement,
  conditionElement,
  extensionOf,
  processSettingsElement,
  replaceExtension,
  type ApprovalForm,
  type ModdleFactory,
  type ProcessSettingsForm,
} from './extension-values';

/** A shape or connection on the canvas; its BPMN element is the businessObject. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleElement;
  source?: DiagramElement;
  target?: DiagramElement;
  /** Set on labels: the element the label belongs to. */
  labelTarget?: DiagramElement;
}

export interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, target: ModdleElement, properties: Record<string, unknown>): void;
  updateLabel(element: DiagramElement, text: string | null): void;
}

export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Canvas {
  getRootElement(): DiagramElement;
  addMarker(element: DiagramElement | string, marker: string): void;
  removeMarker(element: DiagramElement | string, marker: string): void;
  scrollToElement(element: DiagramElement): void;
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
  /** What is shown (x, y, size in diagram units), the diagram's extent (inner) and the canvas' size (outer). */
  viewbox(): Box & { scale: number; inner: Box; outer: { width: number; height: number } };
  scroll(delta: { dx: number; dy: number }): void;
}

export interface Selection {
  select(elements: DiagramElement | DiagramElement[] | null): void;
  get(): DiagramElement[];
}

export interface EventBus {
  on(event: string, callback: (event: { newSelection?: DiagramElement[] }) => void): void;
  off(event: string, callback: (event: { newSelection?: DiagramElement[] }) => void): void;
}

export interface CommandStack {
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
}

/** The modeling service while the canvas and the element still exist (a late write is dropped). */
const modelingOf = (services: DiagramServices, element: DiagramElement): Modeling | undefined =>
  services.alive() && services.elementRegistry.get(element.id) === element ? services.modeling : undefined;

/** Room kept free on the left for the palette, which floats over the canvas, and on the right. */
const PALETTE_ROOM = 110;
const MARGIN = 24;

/** Shows the whole diagram beside the palette (bpmn-js' own fit would put its left edge under it). */
export function fitDiagram(canvas: Canvas): void {
  canvas.zoom('fit-viewport', 'auto');
  let box = canvas.viewbox();
  const usable = box.outer.width - PALETTE_ROOM - MARGIN;
  if (box.inner.width * box.scale > usable && box.inner.width > 0) {
    canvas.zoom((box.scale * usable) / (box.inner.width * box.scale), 'auto');
    box = canvas.viewbox();
  }
  const left = (box.inner.x - box.x) * box.scale;
  const room = Math.max(0, usable - box.inner.width * box.scale);
  canvas.scroll({ dx: PALETTE_ROOM + room / 2 - left, dy: 0 });
}

/** What the designer holds of a viewer or modeler; `modeling` and `commandStack` only when editable. */
export interface DiagramServices {
  moddle: ModdleFactory;
  elementRegistry: ElementRegistry;
  canvas: Canvas;
  selection: Selection;
  eventBus: EventBus;
  modeling?: Modeling;
  commandStack?: CommandStack;
  /** False once the canvas is gone: a write that arrives late (an input left as it unmounts) is dropped. */
  alive(): boolean;
  /** The bpmn:Definitions root, as core's lintProcess takes it. */
  definitions(): ModdleElement | undefined;
  saveXml(): Promise<string>;
}

/**
 * Puts `next` in place of the element's extension of `type` as one command: an element without
 * extensionElements gets a new container, one with them keeps its other extensions.
 */
function writeExtension(
  services: DiagramServices,
  element: DiagramElement,
  type: string,
  next: ModdleElement | undefined,
): void {
  const modeling = modelingOf(services, element);
  if (!modeling) return;
  const { moddle } = services;
  const businessObject = element.businessObject;
  const container = businessObject['extensionElements'] as ModdleElement | undefined;
  if (!container) {
    if (!next) return;
    const created = adopt(moddle.create('bpmn:ExtensionElements', { values: [next] }), businessObject);
    adopt(next, created);
    modeling.updateProperties(element, { extensionElements: created });
    return;
  }
  if (next) adopt(next, container);
  const values = Array.isArray(container['values']) ? (container['values'] as ModdleElement[]) : [];
  modeling.updateModdleProperties(element, container, { values: replaceExtension(values, type, next) });
}

export function writeApproval(services: DiagramServices, task: DiagramElement, form: ApprovalForm): void {
  const previous = extensionOf(task.businessObject, APPROVAL_TYPE);
  writeExtension(services, task, APPROVAL_TYPE, approvalElement(services.moddle, form, previous));
}

export function writeProcessSettings(services: DiagramServices, form: ProcessSettingsForm): void {
  const root = services.canvas.getRootElement();
  const previous = extensionOf(root.businessObject, PROCESS_SETTINGS_TYPE);
  writeExtension(services, root, PROCESS_SETTINGS_TYPE, processSettingsElement(services.moddle, form, previous));
}

/** An element's name; shapes with an outside label (events, gateways, flows) get it drawn there. */
export function writeName(services: DiagramServices, element: DiagramElement, name: string): void {
  const text = name.trim();
  const modeling = modelingOf(services, element);
  if (!modeling) return;
  if (element === services.canvas.getRootElement())
    modeling.updateProperties(element, { name: text === '' ? undefined : text });
  else modeling.updateLabel(element, text === '' ? null : text);
}

export function writeCondition(services: DiagramServices, flow: DiagramElement, text: string): void {
  modelingOf(services, flow)?.updateProperties(flow, { conditionExpression: conditionElement(services.moddle, text) });
}

/** Makes the flow its gateway's default (taken when no condition holds), or stops it being that. */
export function writeDefaultFlow(services: DiagramServices, flow: DiagramElement, isDefault: boolean): void {
  const gateway = flow.source;
  const modeling = modelingOf(services, flow);
  if (!gateway || !modeling) return;
  modeling.updateProperties(gateway, { default: isDefault ? flow.businessObject : undefined });
}

/** Whether the flow is the default of the gateway it leaves. */
export function isDefaultFlow(flow: DiagramElement): boolean {
  return flow.source?.businessObject['default'] === flow.businessObject;
}
