// {webapi} running processes on business records (spec §4 "Process actions"): start one on a record (or
// save it as a draft and submit it later), act on a task (approve, agree, reject, return, transfer, add-sign,
// jump) and on a whole instance (resubmit, withdraw, urge, end). Every signed-in user may call them: the
// record decides who may see a process (its model's resource and the caller's data scope, else 404), the
// engine who may act (assignee, starter, administrator: 403 with the engine's code). Reads: workflow-reads.ts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  addSign,
  agreeTask,
  approveTask,
  endInstance,
  jumpTask,
  rejectTask,
  resubmitInstance,
  returnTask,
  submitDraft,
  transferTask,
  urgeInstance,
  withdrawInstance,
  type CommandResult,
  type InstanceCommandInput,
  type TaskCommandInput,
  type WorkflowDeps,
} from '../engine/index.js';
import { checkAttachments } from '../records/attachments.js';
import { visibleInstance, visibleTask } from '../records/record-access.js';
import { startOnRecord } from '../records/start-on-record.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { requestContext, type Acting, type RequestContext } from '../../../platform/context.js';
import { presentResult } from './present.js';
import {
  addSignBody,
  commandAnswer,
  instanceParams,
  jumpBody,
  opinionBody,
  returnBody,
  startBody,
  submitBody,
  taskParams,
  transferBody,
  type opinionShape,
} from './schemas.js';

const ACCESS = 'open' as const;
const tags = ['workflow'];
const answer = { 200: envelopeSchema({ data: commandAnswer }) };

type Opinion = z.infer<z.ZodObject<typeof opinionShape>>;
type Run<I> = (deps: WorkflowDeps, ctx: Acting, input: I) => Promise<CommandResult>;

/** Opinion-only task actions: the same body, the engine's command. */
const TASK_OPINIONS: Record<'approve' | 'agree' | 'reject', { summary: string; run: Run<TaskCommandInput> }> = {
  approve: { summary: 'Approve the task (the assignee’s yes)', run: approveTask },
  agree: { summary: 'Agree: the same as approve, the word signers use', run: agreeTask },
  reject: { summary: 'Reject the task; when it decides the step, the process ends rejected', run: rejectTask },
};

const INSTANCE_ACTIONS: Record<
  'resubmit' | 'withdraw' | 'urge' | 'end',
  { summary: string; run: Run<InstanceCommandInput> }
> = {
  resubmit: { summary: 'The starter resubmits after a return to them or their own withdrawal', run: resubmitInstance },
  withdraw: {
    summary: 'Take your last approval (or the starter their submission) back while nobody acted on it (409705)',
    run: withdrawInstance,
  },
  urge: {
    summary: 'Urge the current approvers (starter or administrator, at most every 10 minutes: 429701)',
    run: urgeInstance,
  },
  end: { summary: 'End the process where it is (starter or administrator)', run: endInstance },
};

export const workflowRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app) => {
  const wf = app.workflow;

  /** Authorize (the task's record may be seen), check the attachments, run the command, present. */
  async function onTask(
    request: FastifyRequest,
    taskSid: string,
    body: Opinion | null | undefined,
    run: (ctx: RequestContext, input: TaskCommandInput) => Promise<CommandResult>,
  ) {
    const ctx = requestContext(request, wf.now);
    await visibleTask(wf, ctx.principal, taskSid);
    const attachments = await checkAttachments(wf.db, ctx.tenantSid, body?.attachments);
    const result = await run(ctx, {
      taskSid,
      comment: body?.comment ?? null,
      attachments,
    });
    return ok(request, { data: presentResult(request.language, result) });
  }

  async function onInstance(
    request: FastifyRequest,
    instanceSid: string,
    body: Opinion | null | undefined,
    run: (ctx: RequestContext, input: InstanceCommandInput) => Promise<CommandResult>,
  ) {
    const ctx = requestContext(request, wf.now);
    await visibleInstance(wf, ctx.principal, instanceSid);
    const attachments = await checkAttachments(wf.db, ctx.tenantSid, body?.attachments);
    const result = await run(ctx, {
      instanceSid,
      comment: body?.comment ?? null,
      attachments,
    });
    return ok(request, { data: presentResult(request.language, result) });
  }

  app.post(
    '/workflow/instances',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          "Start the published version of a process on a record you may edit (the model's update resource, 403301; the record in your scope, 404202). The definition must be of that model (400706); one open process per record (409701). draft: true saves it unsubmitted",
        tags,
        body: startBody,
        response: answer,
      },
    },
    async (request) => {
      const b = request.body;
      const result = await startOnRecord(wf, requestContext(request, wf.now), {
        definitionKey: b.definition_key,
        model: b.model,
        recordSid: b.record_sid,
        draft: b.draft,
        variables: b.variables,
        comment: b.comment ?? null,
        attachments: b.attachments,
      });
      return ok(request, { data: presentResult(request.language, result) });
    },
  );

  app.post(
    '/workflow/instances/:sid/submit',
    {
      config: { access: ACCESS },
      schema: {
        summary: 'Submit a draft (its starter), optionally with changed variables',
        tags,
        params: instanceParams,
        body: submitBody.nullish(),
        response: answer,
      },
    },
    async (request) =>
      onInstance(request, request.params.sid, request.body, (ctx, input) =>
        submitDraft(wf, ctx, { ...input, variables: request.body?.variables }),
      ),
  );

  for (const [action, { summary, run }] of Object.entries(TASK_OPINIONS))
    app.post(
      `/workflow/tasks/:sid/${action}`,
      {
        config: { access: ACCESS },
        schema: { summary, tags, params: taskParams, body: opinionBody.nullish(), response: answer },
      },
      async (request) => onTask(request, request.params.sid, request.body, (ctx, input) => run(wf, ctx, input)),
    );

  app.post(
    '/workflow/tasks/:sid/return',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'Return the task to an earlier handled step, or by default to the starter (400702 for another target, 400701 across a parallel gateway)',
        tags,
        params: taskParams,
        body: returnBody.nullish(),
        response: answer,
      },
    },
    async (request) =>
      onTask(request, request.params.sid, request.body, (ctx, input) =>
        returnTask(wf, ctx, { ...input, targetNodeId: request.body?.target_node_id }),
      ),
  );

  app.post(
    '/workflow/tasks/:sid/transfer',
    {
      config: { access: ACCESS },
      schema: {
        summary: 'Give the task to another active user of the tenant (400705 otherwise); its owner stays',
        tags,
        params: taskParams,
        body: transferBody,
        response: answer,
      },
    },
    async (request) =>
      onTask(request, request.params.sid, request.body, (ctx, input) =>
        transferTask(wf, ctx, { ...input, toUserSid: request.body.to_user_sid }),
      ),
  );

  app.post(
    '/workflow/tasks/:sid/add-sign',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'Add 1–20 signers before (they act first), after (you approve now, they act next) or in parallel, where the step allows it (403704)',
        tags,
        params: taskParams,
        body: addSignBody,
        response: answer,
      },
    },
    async (request) =>
      onTask(request, request.params.sid, request.body, (ctx, input) =>
        addSign(wf, ctx, { ...input, mode: request.body.mode, signerSids: request.body.signer_sids }),
      ),
  );

  app.post(
    '/workflow/tasks/:sid/jump',
    {
      config: { access: ACCESS },
      schema: {
        summary: 'Jump freely to another approval step or an end, where the step allows it (403705; target 400703)',
        tags,
        params: taskParams,
        body: jumpBody,
        response: answer,
      },
    },
    async (request) =>
      onTask(request, request.params.sid, request.body, (ctx, input) =>
        jumpTask(wf, ctx, { ...input, targetNodeId: request.body.target_node_id }),
      ),
  );

  for (const [action, { summary, run }] of Object.entries(INSTANCE_ACTIONS))
    app.post(
      `/workflow/instances/:sid/${action}`,
      {
        config: { access: ACCESS },
        schema: { summary, tags, params: instanceParams, body: opinionBody.nullish(), response: answer },
      },
      async (request) => onInstance(request, request.params.sid, request.body, (ctx, input) => run(wf, ctx, input)),
    );
};
