// The case events the rule packs read: each triggers, fulfils or cancels deadlines. Users record them
// as patent items; the event's date is the date the period counts from — for an office action, the
// date it counts as served (see presumedServiceDate for CN post), for others the date it happened.
import type { Label } from '../../../models/define.js';

export interface DeadlineEventDefinition {
  code: string;
  label: Label;
}

const e = (code: string, zh: string, en: string): DeadlineEventDefinition => ({ code, label: { zh, en } });

export const DEADLINE_EVENTS = [
  // Examination
  e('office_action', '审查意见通知书', 'office action'),
  e('response_filed', '已答复', 'response filed'),
  e('exam_requested', '已提出实质审查请求', 'examination requested'),
  e('search_report_published', '检索报告公布', 'search report mention published'),
  e('designation_fee_paid', '已缴指定费', 'designation fee paid'),
  // Grant
  e('allowance', '授权通知（美国）', 'notice of allowance'),
  e('issue_fee_paid', '已缴授权费', 'issue fee paid'),
  e('grant_notice', '授权通知书', 'notice of grant'),
  e('registration_paid', '已办理登记手续', 'registration fees paid'),
  e('grant_announced', '授权公告', 'grant announced'),
  e('grant_mentioned', '授权公告（欧洲专利公报）', 'mention of grant published'),
  e('validated', '已完成生效手续', 'validation completed'),
  e('annuity_paid', '已缴年费', 'annuity paid'),
  e('renewal_fee_paid', '已缴续展费', 'renewal fee paid'),
  e('maintenance_fee_paid', '已缴维持费', 'maintenance fee paid'),
  e('pta_requested', '已请求专利权期限补偿', 'term adjustment requested'),
  // Priority, continuation, divisional
  e('priority_document_filed', '已提交优先权文件副本', 'priority document filed'),
  e('priority_claim_amended', '已增加或改正优先权要求', 'priority claim added or corrected'),
  e('nonprovisional_filed', '已提出正式申请', 'non-provisional application filed'),
  e('divisional_filed', '已提出分案申请', 'divisional application filed'),
  // PCT
  e('isr_transmitted', '国际检索报告已传送', 'international search report transmitted'),
  e('demand_filed', '已提出国际初步审查要求', 'Chapter II demand filed'),
  e('article19_amended', '已按条约第19条修改', 'Article 19 amendments filed'),
  e('national_document_filed', '已提交国内书面', 'national-phase document filed'),
  e('translation_filed', '已提交译文', 'translation filed'),
  e('national_phase_entered', '已进入国家阶段', 'national phase entered'),
  // Loss and end of rights
  e('rights_loss_notice', '权利丧失通知书', 'notice of loss of rights'),
  e('restoration_requested', '已请求恢复权利', 'restoration requested'),
  e('rejected', '驳回', 'rejected'),
  e('withdrawn', '撤回', 'withdrawn'),
  e('abandoned', '放弃', 'abandoned'),
  e('lapsed', '权利终止', 'lapsed'),
] as const satisfies readonly DeadlineEventDefinition[];

export type DeadlineEventCode = (typeof DEADLINE_EVENTS)[number]['code'];

const byCode: ReadonlyMap<string, DeadlineEventDefinition> = new Map(DEADLINE_EVENTS.map((d) => [d.code, d]));

export function isDeadlineEventCode(code: string): code is DeadlineEventCode {
  return byCode.has(code);
}

/** The label of an event code; an unknown code (from an older pack) shows as itself. */
export function eventLabel(code: string): Label {
  return byCode.get(code)?.label ?? { zh: code, en: code };
}
