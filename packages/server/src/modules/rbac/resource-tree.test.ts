// The resource tree from a catalogue and a route table: parents and children, names by language, and
// which endpoints each resource lists (direct bindings, any-of bindings, generic model routes).
import { resourceCatalog, type ResourceCatalog } from '@ipdesk/core';
import { describe, expect, it } from 'vitest';
import { endpointsByResource, resourceTree, type RouteBinding } from './resource-tree.js';

const routes: RouteBinding[] = [
  { method: 'POST', url: '/webapi/model/role/do/create', access: { resource: 'system.roles' } },
  { method: 'GET', url: '/webapi/resource/do/tree', access: { resource: ['system.resources', 'system.roles'] } },
  { method: 'POST', url: '/webapi/model/:model/do/create', access: { model: 'create' } },
  { method: 'GET', url: '/webapi/model/:model/:sid', access: { model: 'view' } },
  { method: 'GET', url: '/webapi/menu/do/my', access: 'open' },
  { method: 'POST', url: '/passport/login', access: 'public' },
  // A model action on a path without a model parameter names no model: listed nowhere.
  { method: 'POST', url: '/webapi/odd', access: { model: 'delete' } },
  { method: 'POST', url: '/webapi/model/role/do/create', access: { resource: 'system.roles' } },
];

describe('resource endpoints', () => {
  it('lists direct and any-of bindings once, and model routes per model with the model filled in', () => {
    const map = endpointsByResource(routes, ['patent', 'person']);
    expect(map.get('system.roles')).toEqual(['POST /webapi/model/role/do/create', 'GET /webapi/resource/do/tree']);
    expect(map.get('system.resources')).toEqual(['GET /webapi/resource/do/tree']);
    expect(map.get('patent')).toEqual(['GET /webapi/model/patent/:sid']);
    expect(map.get('patent:create')).toEqual(['POST /webapi/model/patent/do/create']);
    expect(map.get('person:create')).toEqual(['POST /webapi/model/person/do/create']);
    expect(map.has(':delete')).toBe(false);
    expect([...map.values()].flat().some((line) => line.includes('/menu/do/my') || line.includes('login'))).toBe(false);
  });
});

describe('resource tree', () => {
  const catalog: ResourceCatalog = resourceCatalog([]);

  it('nests buttons under their menu and names them in the language asked', () => {
    const catalogWithPeople = resourceCatalog([
      {
        name: 'person',
        label: { zh: '人员', en: 'People' },
        titleField: 'name',
        fields: {},
      },
    ]);
    const en = resourceTree(catalogWithPeople, routes, ['person'], 'en');
    const person = en.find((n) => n.code === 'person')!;
    expect(person).toMatchObject({ name: 'People', type: 'menu', level: 'no_share', parent: null });
    expect(person.children.map((c) => c.code)).toEqual([
      'person:create',
      'person:update',
      'person:delete',
      'person:import',
      'person:export',
      'person:account',
    ]);
    expect(person.children[0]).toMatchObject({ parent: 'person', endpoints: ['POST /webapi/model/person/do/create'] });
    // agent:account belongs to a model this catalogue lacks: it stands at the top instead of vanishing.
    expect(en.find((n) => n.code === 'agent:account')).toMatchObject({ parent: 'agent', children: [] });
    const zh = resourceTree(catalogWithPeople, routes, ['person'], 'zh-CN');
    expect(zh.find((n) => n.code === 'person')!.name).toBe('人员');
  });

  it('keeps the catalogue order and lists every resource once', () => {
    const tree = resourceTree(catalog, routes, [], 'en');
    const flat = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.code, ...flat(n.children)]);
    expect(flat(tree).sort()).toEqual(catalog.all.map((r) => r.code).sort());
    const sorts = tree.map((n) => n.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(tree.find((n) => n.code === 'system.roles')!.endpoints).toHaveLength(2);
  });
});
