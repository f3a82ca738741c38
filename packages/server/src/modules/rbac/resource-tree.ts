// The resource catalogue as a tree (menus with their buttons, links and tabs), named in the caller's
// language, each resource with the API endpoints bound to it: routes declaring it directly, and the
// generic model routes for the model action it stands for.
import {
  modelResourceCode,
  type Language,
  type ResourceCatalog,
  type ResourceType,
  type AuthorizationLevel,
  labelIn,
} from '@ipdesk/core';
import type { RouteAccess } from '../../http/context.js';

export interface RouteBinding {
  method: string;
  url: string;
  access: RouteAccess;
}

export interface ResourceNode {
  code: string;
  type: ResourceType;
  parent: string | null;
  name: string;
  level: AuthorizationLevel;
  sort: number;
  endpoints: string[];
  children: ResourceNode[];
}

/** "METHOD /url" lines per resource code; model routes are listed once per model, ':model' filled in. */
export function endpointsByResource(routes: readonly RouteBinding[], models: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (code: string, line: string) => {
    const list = out.get(code);
    if (!list) out.set(code, [line]);
    else if (!list.includes(line)) list.push(line);
  };
  for (const route of routes) {
    if (typeof route.access !== 'object') continue;
    if ('resource' in route.access) {
      for (const code of [route.access.resource].flat()) add(code, `${route.method} ${route.url}`);
    } else if (route.url.includes(':model')) {
      for (const model of models)
        add(modelResourceCode(model, route.access.model), `${route.method} ${route.url.replace(':model', model)}`);
    }
  }
  return out;
}

export function resourceTree(
  catalog: ResourceCatalog,
  routes: readonly RouteBinding[],
  models: readonly string[],
  language: Language,
): ResourceNode[] {
  const endpoints = endpointsByResource(routes, models);
  // The catalogue is sorted by sort then code, so children come out in order too.
  const nodes = new Map<string, ResourceNode>(
    catalog.all.map((r) => [
      r.code,
      {
        code: r.code,
        type: r.type,
        parent: r.parent,
        name: labelIn(r.label, language),
        level: r.level,
        sort: r.sort,
        endpoints: endpoints.get(r.code) ?? [],
        children: [],
      },
    ]),
  );
  const roots: ResourceNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
