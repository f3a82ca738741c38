// What the restricted palette, context pad and replace menu leave of bpmn-js' entries, with the providers
// instantiated from the module as bpmn-js would, over fake services; and the texts they show.
import { describe, expect, it, vi } from 'vitest';
import { messages, type MessageKey } from '@ipdesk/core';
import { BPMN_TEXTS, bpmnTranslator, fillTemplate } from './bpmn-texts';
import { designerModules } from './bpmn-modules';

type Updater = (entries: Record<string, { title?: string }>) => Record<string, { title?: string; action?: object }>;
type ProviderClass = new (...services: unknown[]) => Record<string, () => Updater>;

const zh = (key: MessageKey) => messages['zh-CN'][key];
const translate = bpmnTranslator(zh);

function provider(name: string, host: object, ...services: unknown[]) {
  const module = designerModules(zh, true)[1]!;
  const [, Provider] = module[name] as ['type', ProviderClass];
  return new Provider(host, ...services);
}

const bpmnJsPalette = Object.fromEntries(
  [
    'hand-tool',
    'lasso-tool',
    'space-tool',
    'global-connect-tool',
    'tool-separator',
    'create.start-event',
    'create.intermediate-event',
    'create.end-event',
    'create.exclusive-gateway',
    'create.task',
    'create.data-object',
    'create.data-store',
    'create.subprocess-expanded',
    'create.participant-expanded',
    'create.group',
  ].map((id) => [id, { title: id }]),
);

describe('the palette', () => {
  it('keeps the tools and offers only the elements the engine runs, in Chinese', () => {
    const palette = { registerProvider: vi.fn() };
    const created = provider('ipdeskPalette', palette, { start: vi.fn() }, { createShape: vi.fn() }, translate);
    expect(palette.registerProvider).toHaveBeenCalledWith(500, created);
    const entries = created.getPaletteEntries!()(bpmnJsPalette);
    expect(Object.keys(entries)).toEqual([
      'hand-tool',
      'lasso-tool',
      'space-tool',
      'global-connect-tool',
      'tool-separator',
      'create.start-event',
      'create.end-event',
      'create.user-task',
      'create.exclusive-gateway',
      'create.parallel-gateway',
    ]);
    expect(entries['create.user-task']!.title).toBe('添加用户任务');
    expect(entries['create.parallel-gateway']!.title).toBe('添加并行网关');
  });

  it('creates the shape of its type when an entry is used', () => {
    const create = { start: vi.fn() };
    const elementFactory = { createShape: vi.fn((attributes: { type: string }) => attributes) };
    const entries = provider('ipdeskPalette', { registerProvider: vi.fn() }, create, elementFactory, translate)
      .getPaletteEntries!()({});
    const click = (entries['create.parallel-gateway']!.action as { click: (event: Event) => void }).click;
    const event = new Event('click');
    click(event);
    expect(create.start).toHaveBeenCalledWith(event, { type: 'bpmn:ParallelGateway' });
  });
});

describe('the context pad', () => {
  const pad = (entries: Record<string, { title?: string }>) =>
    provider(
      'ipdeskContextPad',
      { registerProvider: vi.fn() },
      { start: vi.fn() },
      { createShape: vi.fn() },
      { append: vi.fn() },
      translate,
    ).getContextPadEntries!()(entries);

  it('appends only supported nodes where bpmn-js allows appending, and keeps connect, replace and delete', () => {
    const entries = pad(
      Object.fromEntries(
        [
          'append.end-event',
          'append.gateway',
          'append.append-task',
          'append.intermediate-event',
          'append.text-annotation',
          'replace',
          'connect',
          'delete',
        ].map((id) => [id, { title: id }]),
      ),
    );
    expect(Object.keys(entries)).toEqual([
      'append.user-task',
      'append.exclusive-gateway',
      'append.parallel-gateway',
      'append.end-event',
      'connect',
      'replace',
      'delete',
    ]);
    expect(entries['append.user-task']!.title).toBe('追加用户任务');
  });

  it('appends nothing after an end event (bpmn-js offers no append there)', () => {
    expect(Object.keys(pad({ 'append.text-annotation': {}, connect: {}, delete: {} }))).toEqual(['connect', 'delete']);
  });
});

describe('the replace menu', () => {
  const menu = () => {
    const popupMenu = { registerProvider: vi.fn() };
    const created = provider('ipdeskReplaceMenu', popupMenu);
    expect(popupMenu.registerProvider).toHaveBeenCalledWith('bpmn-replace', 500, created);
    return created;
  };

  it('offers only the supported types, and no loop or multi-instance toggles', () => {
    const entries = menu().getPopupMenuEntries!()(
      Object.fromEntries(
        [
          'replace-with-user-task',
          'replace-with-service-task',
          'replace-with-parallel-gateway',
          'replace-with-inclusive-gateway',
          'replace-with-none-end',
          'replace-with-message-end',
          'replace-with-default-flow',
        ].map((id) => [id, {}]),
      ),
    );
    expect(Object.keys(entries)).toEqual([
      'replace-with-user-task',
      'replace-with-parallel-gateway',
      'replace-with-none-end',
      'replace-with-default-flow',
    ]);
    expect(menu().getPopupMenuHeaderEntries!()({ 'toggle-parallel-mi': {}, 'toggle-loop': {} })).toEqual({});
  });
});

describe('bpmn-js texts', () => {
  it('translates the kept texts in both languages, and leaves others in English with placeholders filled', () => {
    expect(translate('Delete')).toBe('删除');
    expect(bpmnTranslator((key) => messages.en[key])('Append user task')).toBe('Append a user task');
    expect(translate('Create {type}', { type: 'x' })).toBe('Create x');
    expect(fillTemplate('{a} and {b}', { a: '1' })).toBe('1 and {b}');
  });

  it('maps to messages that exist in both languages', () => {
    for (const key of Object.values(BPMN_TEXTS)) {
      expect(messages['zh-CN'][key]).toBeTruthy();
      expect(messages.en[key]).toBeTruthy();
    }
  });
});
