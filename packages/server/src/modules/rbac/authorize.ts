// The permission check of every non-public route, after authentication: the route's resource (or the
// model action's resource) must be held, and so must the menu resource the client says it works in
// (spec §7 header). Deny by default: a route without a binding never gets here (boot fails).
import { AppError, HEADERS, modelResourceCode } from '@ipdesk/core';
import type { RouteAccess } from '../../http/context.js';
import type { ResourceCatalog } from '@ipdesk/core';
import type { Access } from './access.js';

export function holds(access: Access, code: string): boolean {
  return access.resources.has(code);
}

/** The resources a route accepts (any one will do), or undefined when signing in is enough. */
export function requiredResources(route: RouteAccess, params: unknown): readonly string[] | undefined {
  if (typeof route === 'string') return undefined;
  if ('resource' in route) return typeof route.resource === 'string' ? [route.resource] : route.resource;
  const model = (params as { model?: unknown } | undefined)?.model;
  return [modelResourceCode(typeof model === 'string' ? model : '', route.model)];
}

export function authorize(
  access: Access,
  catalog: ResourceCatalog,
  route: RouteAccess,
  request: { params: unknown; headers: Record<string, string | string[] | undefined> },
): void {
  if (route === 'public' || route === 'password-change') return;
  const menu = request.headers[HEADERS.menuResource];
  if (typeof menu === 'string' && menu !== '' && !holds(access, menu)) throw new AppError('menuNotAllowed');
  const resources = requiredResources(route, request.params);
  if (resources === undefined || resources.some((code) => holds(access, code))) return;
  // An unknown model has no resource: the route answers 404 for it, as it would to anyone.
  if (typeof route === 'object' && 'model' in route && !catalog.byCode(resources[0]!)) return;
  throw new AppError('permissionDenied');
}
