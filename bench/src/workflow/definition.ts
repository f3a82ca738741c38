// The benchmark's process, written as BPMN XML like the designer saves it and read by the same parser
// and design rules the server's publish uses: start → "Submit" (the starter's own task, as in the
// designer's template) → level-by-level approval over two levels of the starter's department chain →
// a parallel countersign (fork: the case's IP manager and its technical reviewer, each an "all pass"
// task, vote mode 4) → join → end. Approval tasks carry a due and a reminder timer, as real ones do.
import { hasDesignErrors, IPDESK_NAMESPACE_URI, lintProcess, parseProcessXml, type ProcessGraph } from '@ipdesk/core';

export const DEFINITION_KEY = 'bench_patent_review';
export const DEFINITION_NAME = '专利申请审批（基准）';
/** The custom field of a patent naming its technical reviewer (a user sid). */
export const TECH_REVIEWER_FIELD = 'tech_reviewer';

/** The steps an instance passes, in order, and how many approvals each takes. */
export const NODES = {
  submit: 'submit',
  leaders: 'leaders',
  ipReview: 'ip_review',
  techReview: 'tech_review',
  join: 'join',
} as const;

const timers = 'dueHours="72" remindHours="24"';

export const DEFINITION_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:ipdesk="${IPDESK_NAMESPACE_URI}" id="Definitions_${DEFINITION_KEY}" targetNamespace="${IPDESK_NAMESPACE_URI}">
  <bpmn:process id="${DEFINITION_KEY}" name="${DEFINITION_NAME}" isExecutable="true">
    <bpmn:extensionElements>
      <ipdesk:ProcessSettings model="patent" restartMode="1" processCategory="proposal" />
    </bpmn:extensionElements>
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:userTask id="${NODES.submit}" name="提交">
      <bpmn:extensionElements>
        <ipdesk:Approval>
          <ipdesk:Approver kind="starter" />
        </ipdesk:Approval>
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:userTask id="${NODES.leaders}" name="逐级审批">
      <bpmn:extensionElements>
        <ipdesk:Approval levelApprove="2" emptyApprovers="toAdmin" ${timers} variable="leadersResult" />
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:parallelGateway id="fork" name="会签" />
    <bpmn:userTask id="${NODES.ipReview}" name="知识产权专员会签">
      <bpmn:extensionElements>
        <ipdesk:Approval voteSignMode="4" emptyApprovers="toAdmin" ${timers}>
          <ipdesk:Approver kind="userField" values="ip_manager" />
        </ipdesk:Approval>
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:userTask id="${NODES.techReview}" name="技术评审会签">
      <bpmn:extensionElements>
        <ipdesk:Approval voteSignMode="4" emptyApprovers="toAdmin" ${timers}>
          <ipdesk:Approver kind="userField" values="${TECH_REVIEWER_FIELD}" />
        </ipdesk:Approval>
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:parallelGateway id="${NODES.join}" name="汇合" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="${NODES.submit}" />
    <bpmn:sequenceFlow id="f_submit" sourceRef="${NODES.submit}" targetRef="${NODES.leaders}" />
    <bpmn:sequenceFlow id="f_leaders" sourceRef="${NODES.leaders}" targetRef="fork" />
    <bpmn:sequenceFlow id="f_fork_ip" sourceRef="fork" targetRef="${NODES.ipReview}" />
    <bpmn:sequenceFlow id="f_fork_tech" sourceRef="fork" targetRef="${NODES.techReview}" />
    <bpmn:sequenceFlow id="f_ip_join" sourceRef="${NODES.ipReview}" targetRef="${NODES.join}" />
    <bpmn:sequenceFlow id="f_tech_join" sourceRef="${NODES.techReview}" targetRef="${NODES.join}" />
    <bpmn:sequenceFlow id="f_end" sourceRef="${NODES.join}" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>
`;

/** The executable graph, refused when the designer's rules find an error (as publishing would). */
export async function benchGraph(): Promise<ProcessGraph> {
  const parsed = await parseProcessXml(DEFINITION_XML);
  const problems = await lintProcess(parsed.definitions);
  if (hasDesignErrors(problems))
    throw new Error(`The benchmark process breaks design rules: ${JSON.stringify(problems, null, 2)}`);
  return parsed.graph;
}
