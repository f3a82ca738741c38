// The engine's plain data as the API answers it: snake_case names, and beside each status, task kind,
// outcome and history action its label in the caller's language (the approval panel shows them as given).
import { translate, type Language } from '@ipdesk/core';
import type {
  Attachment,
  CcListItem,
  CommandResult,
  InstanceListItem,
  InstanceStatus,
  InstanceView,
  TaskKind,
  TaskListItem,
  TaskOutcome,
} from '../engine/index.js';
import type { RecordProcessStatus } from '../records/record-processes.js';

export const statusLabel = (language: Language, status: InstanceStatus) =>
  translate(language, `workflow.status.${status}`);
const kindLabel = (language: Language, kind: TaskKind) => translate(language, `workflow.taskKind.${kind}`);
const outcomeLabel = (language: Language, outcome: TaskOutcome | null) =>
  outcome ? translate(language, `workflow.outcome.${outcome}`) : null;
const files = (attachments: Attachment[]) => attachments.map((a) => ({ file_sid: a.fileSid, name: a.name }));

export function presentResult(language: Language, result: CommandResult) {
  return {
    instance_sid: result.instanceSid,
    status: result.status,
    status_label: statusLabel(language, result.status),
    open_tasks: result.openTasks.map((t) => ({
      sid: t.sid,
      node_id: t.nodeId,
      assignee_sid: t.assigneeSid,
      kind: t.kind,
      level: t.level,
    })),
  };
}

export function presentView(language: Language, view: InstanceView) {
  return {
    sid: view.sid,
    status: view.status,
    status_label: statusLabel(language, view.status),
    model: view.model,
    record_sid: view.recordSid,
    definition: view.definition,
    starter_sid: view.starterSid,
    variables: view.variables,
    created_at: view.createdAt,
    submitted_at: view.submittedAt,
    finished_at: view.finishedAt,
    current_nodes: view.currentNodes,
    tasks: view.tasks.map((t) => ({
      sid: t.sid,
      node_id: t.nodeId,
      node_name: t.nodeName,
      kind: t.kind,
      kind_label: kindLabel(language, t.kind),
      level: t.level,
      round: t.round,
      status: t.status,
      outcome: t.outcome,
      outcome_label: outcomeLabel(language, t.outcome),
      assignee_sid: t.assigneeSid,
      assignee_name: t.assigneeName,
      owner_sid: t.ownerSid,
      parent_task_sid: t.parentTaskSid,
      comment: t.comment,
      attachments: files(t.attachments),
      due_at: t.dueAt,
      created_at: t.createdAt,
      finished_at: t.finishedAt,
    })),
    history: view.history.map((h) => ({
      id: h.id,
      at: h.at,
      actor_sid: h.actorSid,
      actor_name: h.actorName,
      action: h.action,
      action_label: translate(language, `workflow.history.${h.action}`),
      node_id: h.nodeId,
      node_name: h.nodeName,
      task_sid: h.taskSid,
      assignee_sid: h.assigneeSid,
      assignee_name: h.assigneeName,
      comment: h.comment,
      attachments: files(h.attachments),
      detail: h.detail,
    })),
    actions: {
      tasks: view.actions.tasks.map((t) => ({
        task_sid: t.taskSid,
        node_id: t.nodeId,
        actions: t.actions,
        return_targets: t.returnTargets,
        jump_targets: t.jumpTargets,
      })),
      submit: view.actions.submit,
      withdraw: view.actions.withdraw,
      urge: view.actions.urge,
      end: view.actions.end,
    },
  };
}

type Titles = ReadonlyMap<string, string>;
const titleOf = (titles: Titles, item: { model: string; recordSid: string }) =>
  titles.get(`${item.model}:${item.recordSid}`) ?? null;

export function presentTask(language: Language, titles: Titles, t: TaskListItem) {
  return {
    task_sid: t.taskSid,
    instance_sid: t.instanceSid,
    node_id: t.nodeId,
    node_name: t.nodeName,
    kind: t.kind,
    kind_label: kindLabel(language, t.kind),
    status: t.status,
    outcome: t.outcome,
    outcome_label: outcomeLabel(language, t.outcome),
    process_name: t.processName,
    model: t.model,
    record_sid: t.recordSid,
    record_title: titleOf(titles, t),
    starter_sid: t.starterSid,
    instance_status: t.instanceStatus,
    instance_status_label: statusLabel(language, t.instanceStatus),
    due_at: t.dueAt,
    created_at: t.createdAt,
    finished_at: t.finishedAt,
  };
}

export function presentInstance(language: Language, titles: Titles, i: InstanceListItem) {
  return {
    instance_sid: i.instanceSid,
    process_name: i.processName,
    model: i.model,
    record_sid: i.recordSid,
    record_title: titleOf(titles, i),
    status: i.status,
    status_label: statusLabel(language, i.status),
    created_at: i.createdAt,
    submitted_at: i.submittedAt,
    finished_at: i.finishedAt,
  };
}

export function presentCc(language: Language, titles: Titles, c: CcListItem) {
  return {
    ...presentInstance(language, titles, c),
    node_id: c.nodeId,
    node_name: c.nodeName,
    copied_at: c.copiedAt,
    read_at: c.readAt,
  };
}

export function presentStatus(language: Language, s: RecordProcessStatus) {
  return {
    record_sid: s.recordSid,
    instance_sid: s.instanceSid,
    status: s.status,
    status_label: statusLabel(language, s.status),
    process_name: s.processName,
    current_nodes: s.currentNodes,
  };
}
