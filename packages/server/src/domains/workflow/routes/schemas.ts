// Request and answer schemas of the process routes (workflow.ts, workflow-reads.ts), each input field with
// its label for validation messages. Opinions carry a comment (≤ 2000 characters, as the task table allows)
// and at most 20 attachments of files uploaded beforehand.
import { WORKFLOW_KEY_PATTERN, MODEL_NAME_PATTERN } from '@ipdesk/core';
import { z } from 'zod';
import { ADD_SIGN_MODES } from '../engine/index.js';
import { MAX_ATTACHMENTS } from '../records/attachments.js';
import { labelled } from '../../../http/labels.js';
import { sidParam } from '../../../http/routes/schemas.js';

export const COMMENT_MAX_LENGTH = 2000;
export const MAX_SIGNERS = 20;
export const MAX_VARIABLES = 50;
/** A list page of statuses (a model's list shows at most 100 rows). */
export const MAX_STATUS_RECORDS = 100;

const modelName = labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.model');
/** A BPMN element id (an XML NCName, as the designer writes them). */
const nodeId = labelled(z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/), 'field.workflowTargetNode');

export const instanceParams = z.object({ sid: sidParam('field.workflowInstance') }).strict();
export const taskParams = z.object({ sid: sidParam('field.workflowTask') }).strict();
export const recordParams = z.object({ model: modelName, recordSid: sidParam('field.workflowRecord') }).strict();
export const modelParams = z.object({ model: modelName }).strict();

const attachment = z
  .object({
    file_sid: sidParam('field.workflowAttachmentFile'),
    name: labelled(z.string().trim().min(1).max(255), 'field.workflowAttachmentName'),
  })
  .strict();

export const opinionShape = {
  comment: labelled(z.string().max(COMMENT_MAX_LENGTH), 'field.workflowComment').optional(),
  attachments: labelled(z.array(attachment).max(MAX_ATTACHMENTS), 'field.workflowAttachments').optional(),
};

const variableValue = labelled(
  z.union([
    z.string().max(COMMENT_MAX_LENGTH),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string().max(255), z.number()])).max(100),
  ]),
  'field.workflowVariables',
);
/** Process variables: named like fields (a letter first, so no "__proto__"), plain values only. */
export const variablesField = labelled(
  z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), variableValue)
    .refine((value) => Object.keys(value).length <= MAX_VARIABLES),
  'field.workflowVariables',
);

export const startBody = z
  .object({
    definition_key: labelled(z.string().regex(WORKFLOW_KEY_PATTERN), 'field.workflowKey'),
    model: modelName,
    record_sid: sidParam('field.workflowRecord'),
    draft: labelled(z.boolean(), 'field.workflowDraft').optional(),
    variables: variablesField.optional(),
    ...opinionShape,
  })
  .strict();

export const submitBody = z.object({ ...opinionShape, variables: variablesField.optional() }).strict();
export const opinionBody = z.object(opinionShape).strict();
export const returnBody = z.object({ ...opinionShape, target_node_id: nodeId.optional() }).strict();
export const jumpBody = z.object({ ...opinionShape, target_node_id: nodeId }).strict();
export const transferBody = z.object({ ...opinionShape, to_user_sid: sidParam('field.workflowTransferTo') }).strict();
export const addSignBody = z
  .object({
    ...opinionShape,
    mode: labelled(z.enum(ADD_SIGN_MODES), 'field.workflowAddSignMode'),
    signer_sids: labelled(z.array(sidParam('field.workflowSigners')).min(1).max(MAX_SIGNERS), 'field.workflowSigners'),
  })
  .strict();

export const pageQuery = z
  .object({
    page: labelled(z.coerce.number().int().min(1).max(10_000), 'field.page').optional(),
    size: labelled(z.enum(['20', '50', '100']), 'field.workflowPageSize').optional(),
  })
  .strict();

export const statusesBody = z
  .object({
    record_sids: labelled(
      z.array(sidParam('field.workflowRecords')).min(1).max(MAX_STATUS_RECORDS),
      'field.workflowRecords',
    ),
  })
  .strict();

// Answers.
const instanceStatus = z.enum(['draft', 'running', 'withdrawn', 'approved', 'rejected', 'ended']);
const attachmentOut = z.object({ file_sid: z.string(), name: z.string() });
const nodeRef = z.object({ id: z.string(), name: z.string() });

export const commandAnswer = z.object({
  instance_sid: z.string(),
  status: instanceStatus,
  status_label: z.string(),
  open_tasks: z.array(
    z.object({ sid: z.string(), node_id: z.string(), assignee_sid: z.string(), kind: z.string(), level: z.number() }),
  ),
});

export const viewAnswer = z.object({
  sid: z.string(),
  status: instanceStatus,
  status_label: z.string(),
  model: z.string(),
  record_sid: z.string(),
  definition: z.object({ sid: z.string(), key: z.string(), version: z.number(), name: z.string() }),
  starter_sid: z.string(),
  variables: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  current_nodes: z.array(nodeRef),
  tasks: z.array(
    z.object({
      sid: z.string(),
      node_id: z.string(),
      node_name: z.string(),
      kind: z.string(),
      kind_label: z.string(),
      level: z.number(),
      round: z.number(),
      status: z.string(),
      outcome: z.string().nullable(),
      outcome_label: z.string().nullable(),
      assignee_sid: z.string(),
      assignee_name: z.string().nullable(),
      owner_sid: z.string(),
      parent_task_sid: z.string().nullable(),
      comment: z.string().nullable(),
      attachments: z.array(attachmentOut),
      due_at: z.string().nullable(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
  history: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      actor_sid: z.string().nullable(),
      actor_name: z.string().nullable(),
      action: z.string(),
      action_label: z.string(),
      node_id: z.string().nullable(),
      node_name: z.string().nullable(),
      task_sid: z.string().nullable(),
      assignee_sid: z.string().nullable(),
      assignee_name: z.string().nullable(),
      comment: z.string().nullable(),
      attachments: z.array(attachmentOut),
      detail: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  actions: z.object({
    tasks: z.array(
      z.object({
        task_sid: z.string(),
        node_id: z.string(),
        actions: z.array(z.string()),
        return_targets: z.array(nodeRef),
        jump_targets: z.array(nodeRef),
      }),
    ),
    submit: z.boolean(),
    withdraw: z.boolean(),
    urge: z.boolean(),
    end: z.boolean(),
  }),
});

export const recordAnswer = z.object({
  instance: viewAnswer.nullable(),
  /** The model's published processes, when the caller may edit the record and none is open. */
  startable: z.array(z.object({ key: z.string(), name: z.string(), version: z.number() })),
  /** While a process is open: locked, and the fields the caller may still change. */
  field_lock: z.object({ locked: z.boolean(), editable_fields: z.array(z.string()) }),
});

export const diagramAnswer = z.object({
  key: z.string(),
  version: z.number(),
  name: z.string(),
  xml: z.string(),
  current_node_ids: z.array(z.string()),
  visited_node_ids: z.array(z.string()),
});

export const statusesAnswer = z.array(
  z.object({
    record_sid: z.string(),
    instance_sid: z.string(),
    status: instanceStatus,
    status_label: z.string(),
    process_name: z.string(),
    current_nodes: z.array(z.string()),
  }),
);

const listRecordFields = {
  instance_sid: z.string(),
  process_name: z.string(),
  model: z.string(),
  record_sid: z.string(),
  record_title: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
};

export const taskPage = z.object({
  total: z.number(),
  rows: z.array(
    z.object({
      ...listRecordFields,
      task_sid: z.string(),
      node_id: z.string(),
      node_name: z.string(),
      kind: z.string(),
      kind_label: z.string(),
      status: z.string(),
      outcome: z.string().nullable(),
      outcome_label: z.string().nullable(),
      starter_sid: z.string(),
      instance_status: instanceStatus,
      instance_status_label: z.string(),
      due_at: z.string().nullable(),
    }),
  ),
});

const instanceRow = z.object({
  ...listRecordFields,
  status: instanceStatus,
  status_label: z.string(),
  submitted_at: z.string().nullable(),
});

export const instancePage = z.object({ total: z.number(), rows: z.array(instanceRow) });

export const ccPage = z.object({
  total: z.number(),
  rows: z.array(
    instanceRow.extend({
      node_id: z.string(),
      node_name: z.string(),
      copied_at: z.string(),
      read_at: z.string().nullable(),
    }),
  ),
});

export const countsAnswer = z.object({
  todo: z.number(),
  started: z.number(),
  handled: z.number(),
  cc: z.number(),
});
