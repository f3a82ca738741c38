// {webapi} reading processes: one instance as the approval panel shows it (with what the caller may do
// now), its diagram (the definition's XML and where the instance stands), a record's current process with
// the processes startable on it and the fields the caller may still edit, the status of a list page of
// records, and the caller's own lists (to-dos, started, handled, copied to me) and badge counts; opening an
// instance marks the caller's copies of it read. Instances are seen through their record: a
// record the caller may not see answers 404, as if there were nothing.
import { AppError } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  countMyWorkflow,
  listMyCcInstances,
  listMyHandledTasks,
  listMyStartedInstances,
  listMyTodoTasks,
  openInstanceView,
  type ListInput,
} from '../engine/index.js';
import { editableFields } from '../records/field-lock.js';
import { mayViewRecord, reachableRecords, visibleInstance } from '../records/record-access.js';
import {
  currentInstanceSid,
  instanceDiagram,
  startableProcesses,
  recordStatuses,
} from '../records/record-processes.js';
import { recordTitles } from '../records/record-titles.js';
import { principalOf } from '../../../http/context.js';
import { envelopeSchema, ok } from '../../../http/reply.js';
import type { ServiceOptions } from '../../../http/services.js';
import { requestContext } from '../../../platform/context.js';
import { presentCc, presentInstance, presentStatus, presentTask, presentView } from './present.js';
import {
  ccPage,
  countsAnswer,
  diagramAnswer,
  instancePage,
  instanceParams,
  modelParams,
  pageQuery,
  recordAnswer,
  recordParams,
  statusesAnswer,
  statusesBody,
  taskPage,
  viewAnswer,
} from './schemas.js';

const ACCESS = 'open' as const;
const tags = ['workflow'];

export const workflowReadRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (app) => {
  const wf = app.workflow;

  const pageOf = (query: z.infer<typeof pageQuery>): ListInput => {
    const size = Number(query.size ?? 20);
    return { limit: size, offset: ((query.page ?? 1) - 1) * size };
  };

  app.get(
    '/workflow/instances/:sid',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'One process instance: status, current steps, tasks, history, and the actions the caller may take now (per task: approve, reject, return with its targets, jump with its targets, transfer, add-sign, resubmit; submit, withdraw, urge, end)',
        tags,
        params: instanceParams,
        response: { 200: envelopeSchema({ data: viewAnswer }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, wf.now);
      const { instanceSid } = await visibleInstance(wf, ctx.principal, request.params.sid);
      const view = await openInstanceView(wf, ctx, { instanceSid });
      return ok(request, { data: presentView(request.language, view) });
    },
  );

  app.get(
    '/workflow/instances/:sid/diagram',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          "The instance's definition version as BPMN XML (to draw it), with the steps it rests at now and those it passed",
        tags,
        params: instanceParams,
        response: { 200: envelopeSchema({ data: diagramAnswer }) },
      },
    },
    async (request) => {
      const { instanceSid } = await visibleInstance(wf, principalOf(request), request.params.sid);
      const d = await instanceDiagram(wf.db, instanceSid);
      return ok(request, {
        data: {
          key: d.key,
          version: d.version,
          name: d.name,
          xml: d.xml,
          current_node_ids: d.currentNodeIds,
          visited_node_ids: d.visitedNodeIds,
        },
      });
    },
  );

  app.get(
    '/workflow/records/:model/:recordSid',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          "A record's open (else last) process as the approval panel shows it, or null; the model's published processes the caller may start (may edit the record, none is open, and the process's own who-may-start settings let them); and, while one is open, the fields the caller may still change",
        tags,
        params: recordParams,
        response: { 200: envelopeSchema({ data: recordAnswer }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, wf.now);
      const { model, recordSid } = request.params;
      if (!(await mayViewRecord(wf, ctx.principal, model, recordSid))) throw new AppError('recordNotFound');
      const instanceSid = await currentInstanceSid(wf.db, ctx.tenantSid, model, recordSid);
      const view = instanceSid ? await openInstanceView(wf, ctx, { instanceSid }) : null;
      const lock = await editableFields(wf.db, ctx, { model, recordSid });
      const mayEdit = (await reachableRecords(wf, ctx.principal, model, [recordSid], 'update')).has(recordSid);
      return ok(request, {
        data: {
          instance: view ? presentView(request.language, view) : null,
          startable: !lock && mayEdit ? await startableProcesses(wf, ctx, { model, recordSid }) : [],
          field_lock: {
            locked: lock !== null && lock.fields !== 'all',
            editable_fields: lock && lock.fields !== 'all' ? [...lock.fields].sort() : [],
          },
        },
      });
    },
  );

  app.post(
    '/workflow/records/:model/do/statuses',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'The current (or last) process of each of up to 100 records (a list page), for those the caller may see that have one',
        tags,
        params: modelParams,
        body: statusesBody,
        response: { 200: envelopeSchema({ data: statusesAnswer }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { model } = request.params;
      const visible = await reachableRecords(wf, principal, model, request.body.record_sids);
      const statuses = await recordStatuses(wf.db, principal.tenantSid, model, [...visible]);
      return ok(request, { data: statuses.map((s) => presentStatus(request.language, s)) });
    },
  );

  app.get(
    '/workflow/my/todos',
    {
      config: { access: ACCESS },
      schema: {
        summary: 'My open and pending tasks, newest first (page, size 20/50/100)',
        tags,
        querystring: pageQuery,
        response: { 200: envelopeSchema({ data: taskPage }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, wf.now);
      const page = await listMyTodoTasks(wf.db, ctx, pageOf(request.query));
      const titles = await recordTitles(wf, ctx.principal, page.rows);
      return ok(request, {
        data: { total: page.total, rows: page.rows.map((t) => presentTask(request.language, titles, t)) },
      });
    },
  );

  app.get(
    '/workflow/my/handled',
    {
      config: { access: ACCESS },
      schema: {
        summary: 'Tasks I handled, last handled first (page, size 20/50/100)',
        tags,
        querystring: pageQuery,
        response: { 200: envelopeSchema({ data: taskPage }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, wf.now);
      const page = await listMyHandledTasks(wf.db, ctx, pageOf(request.query));
      const titles = await recordTitles(wf, ctx.principal, page.rows);
      return ok(request, {
        data: { total: page.total, rows: page.rows.map((t) => presentTask(request.language, titles, t)) },
      });
    },
  );

  app.get(
    '/workflow/my/started',
    {
      config: { access: ACCESS },
      schema: {
        summary: 'Processes I started, newest first (page, size 20/50/100)',
        tags,
        querystring: pageQuery,
        response: { 200: envelopeSchema({ data: instancePage }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, wf.now);
      const page = await listMyStartedInstances(wf.db, ctx, pageOf(request.query));
      const titles = await recordTitles(wf, ctx.principal, page.rows);
      return ok(request, {
        data: { total: page.total, rows: page.rows.map((i) => presentInstance(request.language, titles, i)) },
      });
    },
  );

  app.get(
    '/workflow/my/cc',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'Processes copied to me (抄送) when a step that names me as cc was approved, last copied first, with whether I opened them since (page, size 20/50/100)',
        tags,
        querystring: pageQuery,
        response: { 200: envelopeSchema({ data: ccPage }) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, wf.now);
      const page = await listMyCcInstances(wf.db, ctx, pageOf(request.query));
      const titles = await recordTitles(wf, ctx.principal, page.rows);
      return ok(request, {
        data: { total: page.total, rows: page.rows.map((c) => presentCc(request.language, titles, c)) },
      });
    },
  );

  app.get(
    '/workflow/my/counts',
    {
      config: { access: ACCESS },
      schema: {
        summary:
          'Badge counts: my to-dos, the processes I started, the tasks I handled, the copies to me not opened yet (cc)',
        tags,
        response: { 200: envelopeSchema({ data: countsAnswer }) },
      },
    },
    async (request) => ok(request, { data: await countMyWorkflow(wf.db, requestContext(request, wf.now)) }),
  );
};
