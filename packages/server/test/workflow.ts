// Fixtures of workflow definition tests: the template XML of a key, and a process with design errors.
import { IPDESK_NAMESPACE_URI, processXmlTemplate } from '@ipdesk/core';

/** A process with design errors: a level-by-level task straight after the start, two unmerged ends. */
export function brokenXml(key: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ipdesk="${IPDESK_NAMESPACE_URI}" id="D" targetNamespace="x">
  <bpmn:process id="${key}" name="Broken">
    <bpmn:extensionElements><ipdesk:ProcessSettings model="patent"/></bpmn:extensionElements>
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="lead"><bpmn:extensionElements><ipdesk:Approval levelApprove="2"/></bpmn:extensionElements></bpmn:userTask>
    <bpmn:exclusiveGateway id="X" default="x_b"/>
    <bpmn:userTask id="a"><bpmn:extensionElements><ipdesk:Approval><ipdesk:Approver kind="starter"/></ipdesk:Approval></bpmn:extensionElements></bpmn:userTask>
    <bpmn:userTask id="b"><bpmn:extensionElements><ipdesk:Approval><ipdesk:Approver kind="starter"/></ipdesk:Approval></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end1"/>
    <bpmn:endEvent id="end2"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="lead"/>
    <bpmn:sequenceFlow id="f2" sourceRef="lead" targetRef="X"/>
    <bpmn:sequenceFlow id="x_a" sourceRef="X" targetRef="a"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">record.amount &gt; 10</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="x_b" sourceRef="X" targetRef="b"/>
    <bpmn:sequenceFlow id="f3" sourceRef="a" targetRef="end1"/>
    <bpmn:sequenceFlow id="f4" sourceRef="b" targetRef="end2"/>
  </bpmn:process>
</bpmn:definitions>`;
}

export const template = (key: string, model = 'patent', name = 'Patent review') =>
  processXmlTemplate({ key, name, model, language: 'en' });
