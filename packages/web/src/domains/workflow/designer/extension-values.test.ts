// The panel's forms written into ipdesk extension elements and read back, through real BPMN XML: every
// setting survives a save and a reload, defaults stay out of the XML, and what this designer does not
// know (listeners, other attributes) is kept.
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_TYPE,
  PROCESS_SETTINGS_TYPE,
  createProcessModdle,
  processXmlTemplate,
  type ModdleElement,
} from '@ipdesk/core';
import {
  approvalElement,
  conditionElement,
  extensionOf,
  processSettingsElement,
  readApproval,
  readCondition,
  readProcessForm,
  replaceExtension,
  type ApprovalForm,
  type ModdleFactory,
  type ProcessSettingsForm,
} from './extension-values';

const moddle = createProcessModdle();
// bpmn-moddle's instance creates elements too; ProcessModdle only types what core's reader needs.
const factory = moddle as unknown as ModdleFactory;

const everyApprovalSetting: ApprovalForm = {
  approvers: [
    { kind: 'role', values: ['ip_specialist', 'lawyer'] },
    { kind: 'user', values: ['Usr0000000000001'] },
    { kind: 'leader', values: [] },
    { kind: 'userField', values: ['inventor_sids'] },
  ],
  cc: [
    { kind: 'user', values: ['Usr0000000000002', 'Usr0000000000003'] },
    { kind: 'starter', values: [] },
  ],
  voteMode: 4,
  levelApprove: 2,
  repeatedMode: 'autoApproveConsecutive',
  emptyApprovers: 'toAdmin',
  freeJump: true,
  addSign: true,
  dueHours: 48,
  remindHours: 24,
  fields: [
    { field: 'title', access: 'edit' },
    { field: 'amount', access: 'hidden' },
  ],
  variable: 'legalReview',
};

const everyProcessSetting: ProcessSettingsForm = {
  model: 'patent',
  form: 'patent_apply',
  serialNumber: 'PA-{yyyy}-{seq}',
  identityKey: 'apply',
  scope: 'company',
  restartMode: 2,
  processCategory: 'bonus',
  invoiceStatus: 'audited',
  approveUsers: ['Usr0000000000001', 'Usr0000000000002'],
  approveRoles: ['ip_specialist'],
  approveUserField: 'agent_sid',
};

async function parse(xml: string): Promise<ModdleElement> {
  return (await moddle.fromXML(xml)).rootElement;
}

const processOf = (definitions: ModdleElement): ModdleElement =>
  (definitions['rootElements'] as ModdleElement[]).find((root) => root.$type === 'bpmn:Process')!;
const elementById = (definitions: ModdleElement, id: string): ModdleElement =>
  (processOf(definitions)['flowElements'] as ModdleElement[]).find((element) => element.id === id)!;

/** Sets an extension on an element the way the designer's write does, then saves and reloads the XML. */
async function roundTrip(
  xml: string,
  elementId: string | undefined,
  type: string,
  make: (previous: ModdleElement | undefined) => ModdleElement,
): Promise<ModdleElement> {
  const definitions = await parse(xml);
  const target = elementId ? elementById(definitions, elementId) : processOf(definitions);
  const container = target['extensionElements'] as { values: ModdleElement[] };
  container.values = replaceExtension(container.values, type, make(extensionOf(target, type)));
  const saved = (await moddle.toXML(definitions)).xml;
  return parse(saved);
}

const template = processXmlTemplate({ key: 'patent_apply', name: '专利申请', model: 'patent', language: 'zh-CN' });

describe('approval settings in the XML', () => {
  it('keeps every setting through save and reload', async () => {
    const reloaded = await roundTrip(template, 'Task_submit', APPROVAL_TYPE, (previous) =>
      approvalElement(factory, everyApprovalSetting, previous),
    );
    expect(readApproval(elementById(reloaded, 'Task_submit'))).toEqual(everyApprovalSetting);
  });

  it('writes the people copied as ipdesk:Cc children, and none when nobody is', async () => {
    const xml = (await moddle.toXML(approvalElement(factory, everyApprovalSetting))).xml;
    expect(xml).toContain('<ipdesk:Cc kind="user" values="Usr0000000000002,Usr0000000000003" />');
    expect(xml).toContain('<ipdesk:Cc kind="starter" />');
    const none = (await moddle.toXML(approvalElement(factory, { ...everyApprovalSetting, cc: [] }))).xml;
    expect(none).not.toContain('ipdesk:Cc');
  });

  it('writes nothing for defaults, and reads them back as defaults', async () => {
    const defaults = readApproval(elementById(await parse(template), 'Task_submit'));
    const element = approvalElement(factory, defaults);
    const xml = (await moddle.toXML(element)).xml;
    expect(xml).toContain(
      '<ipdesk:Approval xmlns:ipdesk="http://ipdesk.cn/schema/bpmn/1.0"><ipdesk:Approver kind="starter" /></ipdesk:Approval>',
    );
  });

  it('keeps attributes and listeners it does not edit', async () => {
    const xml = template
      .replace('<ipdesk:Approval>', '<ipdesk:Approval xmlns:acme="urn:acme" acme:sla="gold">')
      .replace('</ipdesk:Approval>', '</ipdesk:Approval><ipdesk:Listener event="create" name="notify" />');
    const reloaded = await roundTrip(xml, 'Task_submit', APPROVAL_TYPE, (previous) =>
      approvalElement(factory, { ...everyApprovalSetting, voteMode: 1 }, previous),
    );
    const task = elementById(reloaded, 'Task_submit');
    const saved = (await moddle.toXML(reloaded)).xml;
    expect(saved).toContain('acme:sla="gold"');
    expect(saved).toContain('<ipdesk:Listener event="create" name="notify" />');
    expect(readApproval(task).voteMode).toBe(1);
  });
});

describe('process settings in the XML', () => {
  it('keeps every setting through save and reload', async () => {
    const reloaded = await roundTrip(template, undefined, PROCESS_SETTINGS_TYPE, (previous) =>
      processSettingsElement(factory, everyProcessSetting, previous),
    );
    expect(readProcessForm(processOf(reloaded))).toEqual(everyProcessSetting);
  });

  it('keeps the lifecycle action a process approves, and leaves it out once cleared', async () => {
    const paper = { ...everyProcessSetting, model: 'scientific_paper', action: 'report' };
    const bound = await roundTrip(template, undefined, PROCESS_SETTINGS_TYPE, (previous) =>
      processSettingsElement(factory, paper, previous),
    );
    expect(readProcessForm(processOf(bound))).toEqual(paper);
    expect((await moddle.toXML(bound)).xml).toContain('action="report"');
    const cleared = await roundTrip((await moddle.toXML(bound)).xml, undefined, PROCESS_SETTINGS_TYPE, (previous) =>
      processSettingsElement(factory, { ...paper, action: undefined }, previous),
    );
    expect(readProcessForm(processOf(cleared))).toEqual({ ...everyProcessSetting, model: 'scientific_paper' });
    expect((await moddle.toXML(cleared)).xml).not.toContain('action=');
  });

  it('reads the template as the designer shows a new process', async () => {
    expect(readProcessForm(processOf(await parse(template)))).toEqual({
      model: 'patent',
      form: null,
      serialNumber: null,
      identityKey: null,
      scope: null,
      restartMode: 1,
      processCategory: null,
      invoiceStatus: null,
      approveUsers: [],
      approveRoles: [],
      approveUserField: null,
    });
  });

  it('drops blank texts and blank list entries instead of writing them', async () => {
    const element = processSettingsElement(factory, {
      ...everyProcessSetting,
      form: '  ',
      approveUsers: ['', ' Usr0000000000003 '],
    });
    expect(element['form']).toBeUndefined();
    expect(element['approveUsers']).toBe('Usr0000000000003');
  });
});

describe('flow conditions', () => {
  it('writes a trimmed expression and reads it back; blank text removes it', () => {
    const flow = factory.create('bpmn:SequenceFlow', { id: 'Flow_1' });
    expect(readCondition(flow)).toBe('');
    Object.assign(flow, { conditionExpression: conditionElement(factory, '  record.amount > 10 ') });
    expect(readCondition(flow)).toBe('record.amount > 10');
    expect(conditionElement(factory, '   ')).toBeUndefined();
  });
});

describe('replacing one extension among others', () => {
  const listener = factory.create('ipdesk:Listener', { event: 'start', name: 'audit' });
  const old = factory.create(APPROVAL_TYPE, {});
  const next = factory.create(APPROVAL_TYPE, { voteSignMode: '1' });

  it('replaces in place, appends when absent, and removes', () => {
    expect(replaceExtension([listener, old], APPROVAL_TYPE, next)).toEqual([listener, next]);
    expect(replaceExtension([old, listener], APPROVAL_TYPE, next)).toEqual([next, listener]);
    expect(replaceExtension([listener], APPROVAL_TYPE, next)).toEqual([listener, next]);
    expect(replaceExtension([listener, old], APPROVAL_TYPE, undefined)).toEqual([listener]);
  });
});
