// Who acts, where and when: the one RequestContext every command takes first (docs/commands.md).
// Services (database, registry, storage, config) are not in it: they are the command's dependencies, made
// once at start. The context is made once per request, so a command's writes and its audit entries share
// one moment and one request id.
import type { ClientSide, Language } from '@ipdesk/core';
import type { Access } from '../modules/rbac/access.js';

/** Who signed in, as the authenticate hook found them: the request's principal. */
export interface Principal {
  userSid: string;
  tenantSid: string;
  sessionSid: string;
  side: ClientSide;
  isTenantAdmin: boolean;
  /** The sub-company the request acts in (header), checked against the user's companies. */
  companySid: string | undefined;
  passwordChangeRequired: boolean;
  /** What the user may do: resources, field rules, data scopes (modules/rbac/access.ts). */
  access: Access;
}

export interface RequestContext {
  tenantSid: string;
  /** The sub-company the request acts in (header), undefined when none was chosen. */
  companySid: string | undefined;
  userSid: string;
  /** The authentication result: side, tenant administrator, roles and access (resources, field rules, scopes). */
  principal: Principal;
  language: Language;
  /** Fastify's request id: the audit entries of the request name it. */
  requestId: string;
  /** The clock read once for the request. */
  now: Date;
}

/** Who acts, where: what the workflow engine's commands take (record hooks and the benchmark have no request). */
export type Acting = Pick<RequestContext, 'tenantSid' | 'userSid'>;

/** What a request carries that the context is made of (Fastify's request, after authentication). */
export interface ContextSource {
  id: string;
  language: Language;
  principal: Principal | undefined;
}

/** The context of a route that is not public (the authenticate hook guarantees a principal). */
export function requestContext(request: ContextSource, clock: () => Date): RequestContext {
  const principal = request.principal;
  if (!principal) throw new Error('requestContext used on a public route');
  return contextOf(principal, { language: request.language, requestId: request.id, now: clock() });
}

/** The context of a principal outside Fastify (tests, a job acting for the user who queued it). */
export function contextOf(
  principal: Principal,
  at: { language: Language; requestId: string; now: Date },
): RequestContext {
  return {
    tenantSid: principal.tenantSid,
    companySid: principal.companySid,
    userSid: principal.userSid,
    principal,
    ...at,
  };
}
