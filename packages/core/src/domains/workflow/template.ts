// The diagram of a new process: start → "Submit" (the starter fills in and sends the record) → end,
// with its bpmndi layout so bpmn-js draws it as it opens. It passes every design rule.
import { translate, type Language } from '../../i18n/index.js';
import { IPDESK_NAMESPACE_URI } from './moddle.js';

export interface ProcessTemplateInput {
  /** The BPMN process id (the definition key). */
  key: string;
  name: string;
  model: string;
  /** Language of the node labels. */
  language: Language;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

export function processXmlTemplate({ key, name, model, language }: ProcessTemplateInput): string {
  const [k, n, m] = [key, name, model].map(escapeXml);
  const label = (id: 'start' | 'submit' | 'end') => escapeXml(translate(language, `workflowDesign.template.${id}`));
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:ipdesk="${IPDESK_NAMESPACE_URI}" id="Definitions_${k}" targetNamespace="${IPDESK_NAMESPACE_URI}">
  <bpmn:process id="${k}" name="${n}" isExecutable="true">
    <bpmn:extensionElements>
      <ipdesk:ProcessSettings model="${m}" restartMode="1" />
    </bpmn:extensionElements>
    <bpmn:startEvent id="StartEvent_1" name="${label('start')}">
      <bpmn:outgoing>Flow_submit</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:userTask id="Task_submit" name="${label('submit')}">
      <bpmn:extensionElements>
        <ipdesk:Approval>
          <ipdesk:Approver kind="starter" />
        </ipdesk:Approval>
      </bpmn:extensionElements>
      <bpmn:incoming>Flow_submit</bpmn:incoming>
      <bpmn:outgoing>Flow_end</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="EndEvent_1" name="${label('end')}">
      <bpmn:incoming>Flow_end</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_submit" sourceRef="StartEvent_1" targetRef="Task_submit" />
    <bpmn:sequenceFlow id="Flow_end" sourceRef="Task_submit" targetRef="EndEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${k}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="142" width="36" height="36" />
        <bpmndi:BPMNLabel>
          <dc:Bounds x="176" y="185" width="44" height="14" />
        </bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_submit_di" bpmnElement="Task_submit">
        <dc:Bounds x="280" y="120" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="EndEvent_1_di" bpmnElement="EndEvent_1">
        <dc:Bounds x="442" y="142" width="36" height="36" />
        <bpmndi:BPMNLabel>
          <dc:Bounds x="438" y="185" width="44" height="14" />
        </bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_submit_di" bpmnElement="Flow_submit">
        <di:waypoint x="216" y="160" />
        <di:waypoint x="280" y="160" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_end_di" bpmnElement="Flow_end">
        <di:waypoint x="380" y="160" />
        <di:waypoint x="442" y="160" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
