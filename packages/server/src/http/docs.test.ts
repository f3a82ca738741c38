// The served OpenAPI document is a contract other tools can use: it validates, every $ref resolves,
// every operation has a unique operationId, signed-in routes carry the bearer security and every
// operation its error answers, and a client typed from it by openapi-typescript compiles a call to
// search (and fails to compile a wrong one, so the types are real).
import SwaggerParser from '@apidevtools/swagger-parser';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { onPostgres } from '../../test/database.js';
import { operationIdOf } from './docs.js';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface Document {
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

/** A client of the search operation typed only by the generated file; `body` is the call's argument. */
const clientSource = (body: string) => `
import type { operations } from './api';

type Search = operations['modelSearch'];
type Body = Search['requestBody']['content']['application/json'];
type Answer = Search['responses'][200]['content']['application/json'];

async function modelSearch(token: string, model: Search['parameters']['path']['model'], body: Body): Promise<Answer> {
  const response = await fetch('/webapi/model/' + model + '/do/search', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer;
}

export async function patentPage(token: string): Promise<number> {
  const answer = await modelSearch(token, 'patent', ${body});
  const rows: Array<Record<string, unknown>> = answer.data.rows;
  const total: number | undefined = answer.data.total;
  return rows.length + (total ?? 0);
}
`;

function diagnosticsOf(folder: string, file: string): string[] {
  const program = ts.createProgram([path.join(folder, file)], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe(`OpenAPI document (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let document: Document;
  const operations = () =>
    Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
    );

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t.close());

  it('validates as OpenAPI 3 with swagger-parser', async () => {
    // validate() dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('resolves every $ref to a named component, recursive trees included', () => {
    const refs = new Set<string>();
    JSON.stringify(document, (key, value: unknown) => {
      if (key === '$ref') refs.add(String(value));
      return value;
    });
    const targets = [...refs].map((ref) => ref.replace('#/components/schemas/', ''));
    expect(targets.filter((name) => !(name in document.components.schemas))).toEqual([]);
    expect(targets).toEqual(expect.arrayContaining(['ErrorEnvelope', 'MenuTreeNode', 'MyMenu', 'ResourceNode']));
    expect(targets).toEqual(expect.arrayContaining(['PackMenuInput']));
  });

  it('names every operation once', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.paths['/webapi/model/{model}/do/search']?.post?.operationId).toBe('modelSearch');
  });

  it('derives operationIds from method and URL', () => {
    expect(operationIdOf('POST', '/webapi/model/:model/do/search')).toBe('modelSearch');
    expect(operationIdOf('GET', '/webapi/model/:model/:sid')).toBe('getModelBySid');
    expect(operationIdOf('GET', '/webapi/workflow/definitions/:key/versions')).toBe('getWorkflowDefinitionsVersions');
    expect(operationIdOf('GET', '/webapi/workflow/definitions/:key/versions/:version')).toBe(
      'getWorkflowDefinitionsVersionsByVersion',
    );
    expect(operationIdOf('POST', '/passport/refresh_token')).toBe('passportRefreshToken');
    expect(operationIdOf('GET', '/passport/refresh_token')).toBe('getPassportRefreshToken');
  });

  it('asks for the bearer token exactly on the routes that are not public', () => {
    expect(document.components.securitySchemes.bearer).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    );
    const routes = t.app.routeTable;
    expect(routes.filter((r) => r.access === 'public').length).toBeGreaterThan(5);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[url]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${url}`).toBeDefined();
      expect(operation?.security, `${route.method} ${url}`).toEqual(
        route.access === 'public' ? undefined : [{ bearer: [] }],
      );
    }
    expect(document.paths['/health']?.get?.security).toBeUndefined();
  });

  it('declares the error envelope on every operation, and 401 on the signed-in ones', () => {
    for (const { method, url, operation } of operations()) {
      const where = `${method} ${url}`;
      for (const status of ['default', ...(operation.security ? ['401', '403'] : [])])
        expect(operation.responses[status]?.content?.['application/json']?.schema.$ref, `${where} ${status}`).toBe(
          ENVELOPE_REF,
        );
    }
    const search = document.paths['/webapi/model/{model}/do/search']!.post!;
    expect(Object.keys(search.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', 'default']);
  });

  it('types a client by openapi-typescript that compiles a call to search, and refuses a wrong one', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'ipdesk-openapi-'));
    try {
      writeFileSync(path.join(folder, 'api.ts'), astToString(await openapiTS(structuredClone(document) as never)));
      writeFileSync(
        path.join(folder, 'client.ts'),
        clientSource('{ iql: \'name ~ "x"\', page: 1, size: 20, total: true }'),
      );
      writeFileSync(path.join(folder, 'wrong.ts'), clientSource("{ iql: 'name ~ \"x\"', page: 'one' }"));
      expect(diagnosticsOf(folder, 'client.ts')).toEqual([]);
      const wrong = diagnosticsOf(folder, 'wrong.ts');
      expect(wrong).toHaveLength(1);
      expect(wrong[0]).toMatch(/^wrong\.ts: .*'string' is not assignable to type 'number'/s);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
