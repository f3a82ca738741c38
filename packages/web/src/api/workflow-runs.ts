// {webapi} running processes (docs/api/workflow.md, server routes workflow.ts and workflow-reads.ts): a
// record's process with what the caller may do on it, the instance's diagram, the caller's own lists and
// badge counts, and the commands. Commands are silent: the approval panel and the lists show the server's
// words (already in the caller's language) where the user acted, and read again after a refusal.
import type { RequestResult } from './call';
import { download, type DownloadedFile } from './download';
import type { DataEnvelope } from './model';
import { request } from './request';

export type InstanceStatus = 'draft' | 'running' | 'withdrawn' | 'approved' | 'rejected' | 'ended';
export type TaskAction =
  | 'approve'
  | 'reject'
  | 'return'
  | 'jump'
  | 'transfer'
  | 'addSignBefore'
  | 'addSignAfter'
  | 'addSignParallel'
  | 'resubmit';
export type AddSignMode = 'before' | 'after' | 'parallel';

export interface NodeRef {
  id: string;
  name: string;
}

export interface Attachment {
  file_sid: string;
  name: string;
}

export interface PanelTask {
  sid: string;
  node_id: string;
  node_name: string;
  kind: string;
  kind_label: string;
  level: number;
  round: number;
  status: string;
  outcome: string | null;
  outcome_label: string | null;
  assignee_sid: string;
  assignee_name: string | null;
  owner_sid: string;
  parent_task_sid: string | null;
  comment: string | null;
  attachments: Attachment[];
  due_at: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface HistoryEntry {
  id: number;
  at: string;
  actor_sid: string | null;
  actor_name: string | null;
  action: string;
  action_label: string;
  node_id: string | null;
  node_name: string | null;
  task_sid: string | null;
  /** Whose task a system entry (cancelled, approved automatically) is about. */
  assignee_sid: string | null;
  assignee_name: string | null;
  comment: string | null;
  attachments: Attachment[];
  detail: Record<string, unknown> | null;
}

export interface TaskActions {
  task_sid: string;
  node_id: string;
  actions: TaskAction[];
  return_targets: NodeRef[];
  jump_targets: NodeRef[];
}

/** What the caller may do now: per open task of theirs, and on the whole instance. */
export interface PanelActions {
  tasks: TaskActions[];
  submit: boolean;
  withdraw: boolean;
  urge: boolean;
  end: boolean;
}

/** One instance as the approval panel shows it. */
export interface InstancePanel {
  sid: string;
  status: InstanceStatus;
  status_label: string;
  model: string;
  record_sid: string;
  definition: { sid: string; key: string; version: number; name: string };
  starter_sid: string;
  variables: Record<string, unknown>;
  created_at: string;
  submitted_at: string | null;
  finished_at: string | null;
  current_nodes: NodeRef[];
  tasks: PanelTask[];
  history: HistoryEntry[];
  actions: PanelActions;
}

export interface StartableProcess {
  key: string;
  name: string;
  version: number;
}

export interface RecordProcess {
  instance: InstancePanel | null;
  startable: StartableProcess[];
  /** While a process is open: whether the caller's edits are limited, and to which fields. */
  field_lock: { locked: boolean; editable_fields: string[] };
}

export interface InstanceDiagram {
  key: string;
  version: number;
  name: string;
  xml: string;
  current_node_ids: string[];
  visited_node_ids: string[];
}

interface ListedRecord {
  instance_sid: string;
  process_name: string;
  model: string;
  record_sid: string;
  /** Null when the caller may not see the record's title. */
  record_title: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface TaskRow extends ListedRecord {
  task_sid: string;
  node_id: string;
  node_name: string;
  kind: string;
  kind_label: string;
  status: string;
  outcome: string | null;
  outcome_label: string | null;
  starter_sid: string;
  instance_status: InstanceStatus;
  instance_status_label: string;
  due_at: string | null;
}

export interface InstanceRow extends ListedRecord {
  status: InstanceStatus;
  status_label: string;
  submitted_at: string | null;
}

/** A process copied to me: the step that copied it, when, and when I opened it since (null: unread). */
export interface CcRow extends InstanceRow {
  node_id: string;
  node_name: string;
  copied_at: string;
  read_at: string | null;
}

export interface Page<T> {
  total: number;
  rows: T[];
}

export interface MyCounts {
  todo: number;
  started: number;
  handled: number;
  /** Copies to me not opened yet. */
  cc: number;
}

export type MyList = 'todos' | 'started' | 'handled' | 'cc';
export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** Every command answers the instance's new state. */
export interface CommandAnswer {
  instance_sid: string;
  status: InstanceStatus;
  status_label: string;
  open_tasks: Array<{ sid: string; node_id: string; assignee_sid: string; kind: string; level: number }>;
}

/** A command as the panel builds it: the path below /webapi/workflow and its body. */
export interface CommandCall {
  path: string;
  body: Record<string, unknown>;
}

const BASE = '/webapi/workflow';
const part = encodeURIComponent;

export function fetchRecordProcess(
  model: string,
  recordSid: string,
  options: { subCompanySid?: string } = {},
): Promise<RequestResult<DataEnvelope<RecordProcess>>> {
  return request({ url: `${BASE}/records/${part(model)}/${part(recordSid)}`, silent: true, ...options });
}

/** One process instance as the approval panel shows it (a finished one too, from a record's status timeline). */
export function fetchInstance(instanceSid: string): Promise<RequestResult<DataEnvelope<InstancePanel>>> {
  return request({ url: `${BASE}/instances/${part(instanceSid)}`, silent: true });
}

export function fetchDiagram(instanceSid: string): Promise<RequestResult<DataEnvelope<InstanceDiagram>>> {
  return request({ url: `${BASE}/instances/${part(instanceSid)}/diagram`, silent: true });
}

export function fetchMyCounts(): Promise<RequestResult<DataEnvelope<MyCounts>>> {
  // Silent: a badge that could not be read stays as it was rather than interrupting the page.
  return request({ url: `${BASE}/my/counts`, silent: true });
}

export function fetchMyTasks(
  list: 'todos' | 'handled',
  page: number,
  size: PageSize,
): Promise<RequestResult<DataEnvelope<Page<TaskRow>>>> {
  return request({ url: `${BASE}/my/${list}`, query: { page, size: String(size) } });
}

export function fetchMyStarted(page: number, size: PageSize): Promise<RequestResult<DataEnvelope<Page<InstanceRow>>>> {
  return request({ url: `${BASE}/my/started`, query: { page, size: String(size) } });
}

export function fetchMyCc(page: number, size: PageSize): Promise<RequestResult<DataEnvelope<Page<CcRow>>>> {
  return request({ url: `${BASE}/my/cc`, query: { page, size: String(size) } });
}

export function startProcess(
  input: { definition_key: string; model: string; record_sid: string; draft?: boolean; comment?: string },
  options: { subCompanySid?: string } = {},
): Promise<RequestResult<DataEnvelope<CommandAnswer>>> {
  return request({ url: `${BASE}/instances`, method: 'POST', body: input, silent: true, ...options });
}

/** Sends a command built by the panel (approval/panel-actions.ts) or a list's row action. */
export function sendCommand(call: CommandCall): Promise<RequestResult<DataEnvelope<CommandAnswer>>> {
  return request({ url: `${BASE}${call.path}`, method: 'POST', body: call.body, silent: true });
}

/** A file stored for an opinion: its sid goes into the command's attachments. */
export interface UploadedAttachment extends Attachment {
  size: number;
  content_type: string;
}

/** Uploads one file (multipart part "file") for a later action to carry. */
export function uploadAttachment(file: Blob, name: string): Promise<RequestResult<DataEnvelope<UploadedAttachment>>> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, name);
  return request({ url: `${BASE}/attachments`, method: 'POST', body: form, silent: true });
}

/** Saves a file attached to one of the instance's opinions; failures are shown by the global notices. */
export function downloadAttachment(instanceSid: string, fileSid: string): Promise<RequestResult<DownloadedFile>> {
  return download({ url: `${BASE}/instances/${part(instanceSid)}/attachments/${part(fileSid)}` });
}
