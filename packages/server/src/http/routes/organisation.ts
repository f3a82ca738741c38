// {webapi} companies and departments (docs/api/organisation-rbac.md "Companies and departments"): the
// company list with iql, a company's structure, company and department writes, company
// administrators. Reading is open to signed-in users; writing needs system.org (or, to rename one's
// own company, being its company administrator).
import { SID_PATTERN } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCompany,
  companyAdmins,
  companyStructure,
  deleteCompany,
  listCompanies,
  setCompanyAdmins,
  updateCompany,
} from '../../modules/org/companies.js';
import { createDepartment, deleteDepartment, departmentTree, updateDepartment } from '../../modules/org/departments.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { envelopeSchema, ok } from '../reply.js';
import type { ServiceOptions } from '../services.js';
import { tableSearchAnswer, tableSearchBody } from './schemas.js';
import { requestContext, type ContextSource } from '../../platform/context.js';

const sid = (label: Parameters<typeof labelled>[1]) => labelled(z.string().regex(SID_PATTERN), label);
const companySid = sid('field.org.company');
const departmentSid = sid('field.org.department');
const version = labelled(z.number().int().min(1), 'field.version');
const status = labelled(z.union([z.literal(0), z.literal(1)]), 'field.org.status');
const sortBy = labelled(z.number().int().min(0).max(1_000_000), 'field.org.sortBy');
const companyName = labelled(z.string().trim().min(1).max(255), 'field.org.companyName');
const simpleName = labelled(z.string().trim().max(255).nullable(), 'field.org.simpleName');
const cnameCapital = labelled(z.string().trim().max(16).nullable(), 'field.org.cnameCapital');
const departmentName = labelled(z.string().trim().min(1).max(100), 'field.org.departmentName');
const departmentNameEn = labelled(z.string().trim().max(100).nullable(), 'field.org.departmentNameEn');
const departmentCode = labelled(z.string().trim().max(64).nullable(), 'field.org.departmentCode');
const leaderSid = labelled(z.string().regex(SID_PATTERN).nullable(), 'field.org.leader');
const parentDepartment = labelled(z.string().regex(SID_PATTERN).nullable(), 'field.org.parentDepartment');
const deleteBody = z.object({ version: version.optional() }).strict().optional();
/** A new department; an update names the department and its version and may change any of these. */
const departmentFields = z
  .object({
    company_sid: companySid,
    parent_sid: parentDepartment.optional(),
    name: departmentName,
    name_en: departmentNameEn.optional(),
    code: departmentCode.optional(),
    status: status.optional(),
    sort_by: sortBy.optional(),
    leader_sid: leaderSid.optional(),
  })
  .strict();

const anyRecord = z.record(z.string(), z.unknown());
const companyRow = z.object({
  sid: z.string(),
  path: z.string(),
  path_map: z.record(z.string(), z.string()),
  company_name: z.string(),
  simple_name: z.string().nullable(),
  parent_sid: z.string().nullable(),
  status: z.number(),
  sort_by: z.number(),
  cname_capital: z.string().nullable(),
  created_at: z.date(),
  version: z.number(),
});
const departmentRow = z.object({
  sid: z.string(),
  company_sid: z.string(),
  parent_sid: z.string().nullable(),
  path: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
  code: z.string().nullable(),
  status: z.number(),
  sort_by: z.number(),
  leader_sid: z.string().nullable(),
  version: z.number(),
});
const userBrief = z.object({ sid: z.string(), account: z.string(), name: z.string() });

export const organisationRoutes: FastifyPluginAsyncZod<ServiceOptions> = async (
  app,
  { accounts, registry, timeZone },
) => {
  const companyTags = ['company'];
  const departmentTags = ['department'];
  const org = { resource: 'system.org' } as const;
  const context = (request: ContextSource) => requestContext(request, accounts.now);

  app.post(
    '/company/do/list',
    {
      config: { access: 'open' },
      schema: {
        summary: "Your tenant's companies an iql query finds (default order: sort_by, then name)",
        tags: companyTags,
        body: tableSearchBody,
        response: { 200: envelopeSchema({ data: tableSearchAnswer }) },
      },
    },
    async (request) => {
      const b = request.body;
      const data = await listCompanies({ db: accounts.db, registry, timeZone }, context(request), {
        iql: b.iql,
        fl: b.fl,
        start: b.start ?? 0,
        rows: b.rows ?? 1000,
      });
      return ok(request, { data });
    },
  );

  app.get(
    '/company/do/company-structure/:sid',
    {
      config: { access: 'open' },
      schema: {
        summary: 'A company with its sub-companies (children) and its department tree (departments)',
        tags: companyTags,
        params: z.object({ sid: companySid }).strict(),
        response: { 200: envelopeSchema({ data: anyRecord }) },
      },
    },
    async (request) =>
      ok(request, { data: await companyStructure(accounts.db, principalOf(request).tenantSid, request.params.sid) }),
  );

  app.post(
    '/company/do/create',
    {
      config: { access: org },
      schema: {
        summary: 'Add a sub-company under a company of your tenant',
        tags: companyTags,
        body: z
          .object({
            company_name: companyName,
            simple_name: simpleName.optional(),
            parent_sid: sid('field.org.parentCompany'),
            cname_capital: cnameCapital.optional(),
            sort_by: sortBy.optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: companyRow }) },
      },
    },
    async (request) => ok(request, { data: await addCompany(accounts, context(request), request.body) }),
  );

  app.post(
    '/company/do/update',
    {
      // Open here: the handler lets system.org holders and this company's administrators through.
      config: { access: 'open' },
      schema: {
        summary:
          "Change a company; moving it (parent_sid) moves its subtree. Company administrators may change only their own company's names and order",
        tags: companyTags,
        body: z
          .object({
            sid: companySid,
            version,
            company_name: companyName.optional(),
            simple_name: simpleName.optional(),
            parent_sid: sid('field.org.parentCompany').optional(),
            status: status.optional(),
            sort_by: sortBy.optional(),
            cname_capital: cnameCapital.optional(),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: companyRow }) },
      },
    },
    async (request) => ok(request, { data: await updateCompany(accounts, context(request), request.body) }),
  );

  app.post(
    '/company/do/delete/:sid',
    {
      config: { access: org },
      schema: {
        summary: 'Delete a company without sub-companies, departments or members',
        tags: companyTags,
        params: z.object({ sid: companySid }).strict(),
        body: deleteBody,
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await deleteCompany(accounts, context(request), { sid: request.params.sid, version: request.body?.version });
      return ok(request, {});
    },
  );

  app.get(
    '/company/do/admins/:sid',
    {
      config: { access: org },
      schema: {
        summary: "A company's administrators",
        tags: companyTags,
        params: z.object({ sid: companySid }).strict(),
        response: { 200: envelopeSchema({ data: z.array(userBrief) }) },
      },
    },
    async (request) =>
      ok(request, { data: await companyAdmins(accounts.db, principalOf(request).tenantSid, request.params.sid) }),
  );

  app.post(
    '/company/do/admins',
    {
      config: { access: org },
      schema: {
        summary: "Set a company's administrators (replaces them; each becomes a member of the company)",
        tags: companyTags,
        body: z
          .object({
            sid: companySid,
            user_sids: labelled(z.array(z.string().regex(SID_PATTERN)).max(200), 'field.org.admins'),
          })
          .strict(),
        response: { 200: envelopeSchema({ data: z.array(userBrief) }) },
      },
    },
    async (request) => ok(request, { data: await setCompanyAdmins(accounts, context(request), request.body) }),
  );

  app.get(
    '/department/do/tree',
    {
      config: { access: 'open' },
      schema: {
        summary: "A company's departments as a tree (every company's when none is named)",
        tags: departmentTags,
        querystring: z.object({ company_sid: companySid.optional() }).strict(),
        response: { 200: envelopeSchema({ data: z.array(anyRecord) }) },
      },
    },
    async (request) =>
      ok(request, {
        data: await departmentTree(accounts.db, principalOf(request).tenantSid, request.query.company_sid),
      }),
  );

  app.post(
    '/department/do/create',
    {
      config: { access: org },
      schema: {
        summary: 'Add a department to a company, at the top or under a department of the same company',
        tags: departmentTags,
        body: departmentFields,
        response: { 200: envelopeSchema({ data: departmentRow }) },
      },
    },
    async (request) => ok(request, { data: await createDepartment(accounts, context(request), request.body) }),
  );

  app.post(
    '/department/do/update',
    {
      config: { access: org },
      schema: {
        summary: 'Change a department; moving it (parent_sid, company_sid) moves its subtree',
        tags: departmentTags,
        body: z.object({ sid: departmentSid, version, ...departmentFields.partial().shape }).strict(),
        response: { 200: envelopeSchema({ data: departmentRow }) },
      },
    },
    async (request) => ok(request, { data: await updateDepartment(accounts, context(request), request.body) }),
  );

  app.post(
    '/department/do/delete/:sid',
    {
      config: { access: org },
      schema: {
        summary: 'Delete a department without sub-departments or persons',
        tags: departmentTags,
        params: z.object({ sid: departmentSid }).strict(),
        body: deleteBody,
        response: { 200: envelopeSchema({}) },
      },
    },
    async (request) => {
      await deleteDepartment(accounts, context(request), { sid: request.params.sid, version: request.body?.version });
      return ok(request, {});
    },
  );
};
