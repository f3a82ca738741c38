// bpmn-js modules that keep the designer to what the engine runs: plain start and end events, user
// tasks, exclusive and parallel gateways and the sequence flows between them. Each registers after
// bpmn-js' own provider (lower priority) and rewrites its entries, so bpmn-js' rules about where an entry
// applies (no appending after an end event, ...) still hold; what a diagram imported from elsewhere holds
// beyond that is reported by the design check, not hidden.
import type { MessageKey } from '@ipdesk/core';
import { bpmnTranslator } from './bpmn-texts';
import type { DiagramElement } from './diagram-services';

/** bpmn-js' providers register at 1000; ours run after them and see their entries. */
const AFTER_BPMN_JS = 500;

type Translate = (template: string, replacements?: Record<string, string>) => string;
type Action = (event: Event, element?: DiagramElement) => void;
interface Entry {
  group?: string;
  className?: string;
  title?: string;
  separator?: boolean;
  action?: Record<string, Action | null>;
}
type Entries = Record<string, Entry>;
type Updater = (entries: Entries) => Entries;

interface ElementFactory {
  createShape(attributes: { type: string }): DiagramElement;
}
interface Create {
  start(event: Event, shape: DiagramElement, context?: { source: DiagramElement }): void;
}
interface AutoPlace {
  append(source: DiagramElement, shape: DiagramElement): void;
}
interface ProviderHost<P> {
  registerProvider(priority: number, provider: P): void;
}
interface PopupMenuHost {
  registerProvider(id: string, priority: number, provider: object): void;
}

/** The node types the engine runs, with the icon and the texts of their palette and append entries. */
const NODE_TYPES = {
  'start-event': { type: 'bpmn:StartEvent', icon: 'bpmn-icon-start-event-none', create: 'Create start event' },
  'end-event': { type: 'bpmn:EndEvent', icon: 'bpmn-icon-end-event-none', create: 'Create end event' },
  'user-task': { type: 'bpmn:UserTask', icon: 'bpmn-icon-user-task', create: 'Create user task' },
  'exclusive-gateway': {
    type: 'bpmn:ExclusiveGateway',
    icon: 'bpmn-icon-gateway-xor',
    create: 'Create exclusive gateway',
  },
  'parallel-gateway': {
    type: 'bpmn:ParallelGateway',
    icon: 'bpmn-icon-gateway-parallel',
    create: 'Create parallel gateway',
  },
} as const;

/** The palette's tools that draw nothing themselves (moving, selecting, making space, connecting). */
export const KEPT_TOOLS = ['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool', 'tool-separator'];
/** Context pad entries of bpmn-js that stay: connecting, changing the type (filtered below), deleting. */
export const KEPT_PAD_ENTRIES = ['connect', 'replace', 'delete'];
/** Replace menu entries that turn an element into one the engine runs. */
export const ALLOWED_REPLACEMENTS: ReadonlySet<string> = new Set([
  'replace-with-none-start',
  'replace-with-none-end',
  'replace-with-user-task',
  'replace-with-exclusive-gateway',
  'replace-with-parallel-gateway',
  'replace-with-sequence-flow',
  'replace-with-default-flow',
  'replace-with-conditional-flow',
]);

const pick = (entries: Entries, ids: readonly string[]): Entries =>
  Object.fromEntries(ids.filter((id) => id in entries).map((id) => [id, entries[id]!]));

class RestrictedPalette {
  static $inject = ['palette', 'create', 'elementFactory', 'translate'];

  constructor(
    palette: ProviderHost<RestrictedPalette>,
    private readonly create: Create,
    private readonly elementFactory: ElementFactory,
    private readonly translate: Translate,
  ) {
    palette.registerProvider(AFTER_BPMN_JS, this);
  }

  getPaletteEntries(): Updater {
    const own = Object.fromEntries(
      Object.entries(NODE_TYPES).map(([id, node]): [string, Entry] => {
        const start: Action = (event) => this.create.start(event, this.elementFactory.createShape({ type: node.type }));
        return [
          `create.${id}`,
          {
            group: 'model',
            className: node.icon,
            title: this.translate(node.create),
            action: { dragstart: start, click: start },
          },
        ];
      }),
    );
    return (entries) => ({ ...pick(entries, KEPT_TOOLS), ...own });
  }
}

/** What can follow a node: its append entries, in the order shown. */
const APPENDABLE = [
  ['user-task', 'Append user task'],
  ['exclusive-gateway', 'Append exclusive gateway'],
  ['parallel-gateway', 'Append parallel gateway'],
  ['end-event', 'Append end event'],
] as const;

class RestrictedContextPad {
  static $inject = ['contextPad', 'create', 'elementFactory', 'autoPlace', 'translate'];

  constructor(
    contextPad: ProviderHost<RestrictedContextPad>,
    private readonly create: Create,
    private readonly elementFactory: ElementFactory,
    private readonly autoPlace: AutoPlace,
    private readonly translate: Translate,
  ) {
    contextPad.registerProvider(AFTER_BPMN_JS, this);
  }

  getContextPadEntries(): Updater {
    return (entries) => {
      // bpmn-js offers "append end event" wherever a node may have a successor: ours follow the same rule.
      const canAppend = 'append.end-event' in entries;
      const appends: Entries = {};
      if (canAppend)
        for (const [id, title] of APPENDABLE) {
          const { type, icon } = NODE_TYPES[id];
          const shape = () => this.elementFactory.createShape({ type });
          const drag: Action = (event, element) => element && this.create.start(event, shape(), { source: element });
          // A click places the new node beside the element and connects it (and selects it, for the next).
          const click: Action = (_event, element) => element && this.autoPlace.append(element, shape());
          appends[`append.${id}`] = {
            group: 'model',
            className: icon,
            title: this.translate(title),
            action: { dragstart: drag, click },
          };
        }
      return { ...appends, ...pick(entries, KEPT_PAD_ENTRIES) };
    };
  }
}

class RestrictedReplaceMenu {
  static $inject = ['popupMenu'];

  constructor(popupMenu: PopupMenuHost) {
    popupMenu.registerProvider('bpmn-replace', AFTER_BPMN_JS, this);
  }

  getPopupMenuEntries(): Updater {
    return (entries) => Object.fromEntries(Object.entries(entries).filter(([id]) => ALLOWED_REPLACEMENTS.has(id)));
  }

  /** Loop, multi-instance and the other toggles: the engine has none of them (votes replace multi-instance). */
  getPopupMenuHeaderEntries(): Updater {
    return () => ({});
  }
}

/** A didi module as bpmn-js takes it (services by name, and the ones to start at once). */
type ModuleDeclaration = { [name: string]: unknown; __init__?: string[] };

/** The modules given to bpmn-js: the restrictions (editing only) and our texts (both). */
export function designerModules(t: (key: MessageKey) => string, editable: boolean): ModuleDeclaration[] {
  const texts = { translate: ['value', bpmnTranslator(t)] };
  if (!editable) return [texts];
  return [
    texts,
    {
      __init__: ['ipdeskPalette', 'ipdeskContextPad', 'ipdeskReplaceMenu'],
      ipdeskPalette: ['type', RestrictedPalette],
      ipdeskContextPad: ['type', RestrictedContextPad],
      ipdeskReplaceMenu: ['type', RestrictedReplaceMenu],
    },
  ];
}
