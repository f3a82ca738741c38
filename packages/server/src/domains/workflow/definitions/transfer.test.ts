// Export and import of process definitions as zip (spec §5: zip only, at most 10 MB): the exported zip's
// entries, importing as a new key or as an existing key's draft, and every refused upload — not a zip,
// too large packed, a zip bomb (also one whose headers lie about its sizes), no or several .bpmn files,
// bad XML, design errors, a model change — each with its code, in English and Chinese.
import { randomBytes } from 'node:crypto';
import { strToU8, strFromU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import { brokenXml, template } from '../../../../test/workflow.js';
import { multipartBody } from '../../../platform/files/samples.js';

describe(`workflow definitions: export and import (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let designer: SignedIn;
  let reader: SignedIn;

  const call = (method: 'GET' | 'POST', url: string, s: SignedIn, payload?: object) =>
    t.app.inject({
      method,
      url: `/webapi/workflow/definitions${url}`,
      headers: authed(s),
      ...(payload ? { payload } : {}),
    });
  const upload = (bytes: Uint8Array, s: SignedIn = designer, query = '', language = 'en') => {
    const { payload, headers } = multipartBody({}, { filename: 'process.zip', bytes: Buffer.from(bytes) });
    return t.app.inject({
      method: 'POST',
      url: `/webapi/workflow/definitions/do/import${query}`,
      headers: { ...authed(s, { 'x-language': language }), ...headers },
      payload,
    });
  };
  const zipOf = (files: Record<string, string | Uint8Array>, level: 0 | 9 = 9) =>
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data]),
      ),
      { level },
    );
  const expectRefused = async (bytes: Uint8Array, status: number, code: number) => {
    const res = await upload(bytes);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    return res;
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const [d, r] = [await createUser(t, tenant), await createUser(t, tenant)];
    await grantRole(t, tenant, [d.sid], { resources: ['workflow', 'workflow:update'] });
    await grantRole(t, tenant, [r.sid], { resources: ['workflow'] });
    designer = await signIn(t.app, d.account, d.password);
    reader = await signIn(t.app, r.account, r.password);
  });
  afterAll(() => t.close());

  it('exports a version as a zip of its .bpmn and a manifest, which imports back as the next draft', async () => {
    const created = await call('POST', '', designer, { key: 'round_trip', name: 'Round trip', model: 'patent' });
    const base = created.json().data as { updated_at: string };
    const published = await call('POST', '/round_trip/publish', designer, { version: 1, updated_at: base.updated_at });
    expect(published.statusCode, published.body).toBe(200);

    const res = await call('GET', '/round_trip/versions/1/export', reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="round_trip-v1.zip"');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['manifest.json', 'round_trip-v1.bpmn']);
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!));
    expect(manifest).toMatchObject({
      format: 'ipdesk-workflow',
      formatVersion: 1,
      key: 'round_trip',
      version: 1,
      model: 'patent',
      status: 'published',
      bpmn: 'round_trip-v1.bpmn',
    });
    const stored = await call('GET', '/round_trip/versions/1', reader);
    expect(strFromU8(entries['round_trip-v1.bpmn']!)).toBe(stored.json().data.xml);

    // The key exists with nothing in draft: the import becomes draft 2.
    const imported = await upload(new Uint8Array(res.rawPayload));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ key: 'round_trip', version: 2, status: 'draft', created: false });
    // Now there is a draft: refused unless the caller asks to overwrite it.
    const again = await upload(new Uint8Array(res.rawPayload));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(409805);
    const overwritten = await upload(new Uint8Array(res.rawPayload), designer, '?overwrite_draft=true');
    expect(overwritten.statusCode, overwritten.body).toBe(200);
    expect(overwritten.json().data).toMatchObject({ version: 2, status: 'draft' });
  });

  it('imports a new key from a zip holding one .bpmn (beside a manifest and zip-tool junk)', async () => {
    const bytes = zipOf({
      'flows/imported_flow.bpmn': template('imported_flow', 'project', 'Imported'),
      '__MACOSX/flows/._imported_flow.bpmn': 'resource fork',
      'manifest.json': '{"note":"ignored"}',
      'flows/': '',
    });
    const res = await upload(bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      key: 'imported_flow',
      version: 1,
      status: 'draft',
      model: 'project',
      name: 'Imported',
      created: true,
      problems: [],
    });
  });

  it('refuses what is not a zip, in the caller’s language', async () => {
    const text = new TextEncoder().encode('<bpmn:definitions>this is XML, not a zip</bpmn:definitions>');
    const en = await expectRefused(text, 415, 415801);
    expect(en.json().message).toBe('A process import must be a zip file');
    const zh = await upload(text, designer, '', 'zh-CN');
    expect(zh.json().message).toBe('流程导入只支持 zip 格式');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    await expectRefused(png, 415, 415801);
    // A zip's magic with nothing sensible after it.
    await expectRefused(Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(64)]), 415, 415801);
  });

  it('refuses an upload over 10 MB packed', async () => {
    const bytes = zipOf({ 'big.bpmn': randomBytes(10 * 1024 * 1024 + 1024) }, 0);
    const res = await expectRefused(bytes, 413, 413802);
    expect(res.json().message).toBe('The process import is too large (at most 10 MB, packed and unpacked)');
  });

  it('refuses a zip bomb while inflating, also when its headers claim it is small', async () => {
    const padding = ' '.repeat(12 * 1024 * 1024);
    const bomb = zipOf({ 'bomb.bpmn': template('bomb').replace('<bpmn:process', `<!--${padding}-->\n<bpmn:process`) });
    expect(bomb.length).toBeLessThan(100 * 1024);
    await expectRefused(bomb, 413, 413802);
    // Patch the uncompressed size in the local and central headers to 100 bytes: the inflater still counts.
    const liar = Buffer.from(bomb);
    liar.writeUInt32LE(100, 22);
    const central = liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(100, central + 24);
    await expectRefused(liar, 413, 413802);
    // The total counts: a small .bpmn beside 12 MB of something else is too large as well.
    await expectRefused(zipOf({ 'ok.bpmn': template('beside_bomb'), 'padding.txt': padding }), 413, 413802);
  });

  it('refuses a zip with no .bpmn or with two', async () => {
    await expectRefused(zipOf({ 'manifest.json': '{}', 'readme.txt': 'hello' }), 400, 400808);
    const two = await expectRefused(zipOf({ 'a.bpmn': template('two_a'), 'b.BPMN': template('two_b') }), 400, 400809);
    expect(two.json().message).toBe('The zip holds 2 .bpmn process files; it may hold only one');
  });

  it('refuses bad XML, design errors and a model change inside the zip', async () => {
    await expectRefused(zipOf({ 'x.bpmn': '<bpmn:definitions><broken' }), 400, 400801);
    await expectRefused(zipOf({ 'x.bpmn': new Uint8Array([0x3c, 0xff, 0xfe, 0x3e]) }), 400, 400801);
    const design = await expectRefused(zipOf({ 'x.bpmn': brokenXml('broken_import') }), 400, 400804);
    expect((design.json().fields as Array<{ field: string }>).map((f) => f.field)).toContain('level-approve-link:f1');
    await call('POST', '', designer, { key: 'model_fixed', name: 'Fixed', model: 'patent' });
    await expectRefused(zipOf({ 'x.bpmn': template('model_fixed', 'project') }), 409, 409803);
  });

  it('lets only workflow:update import', async () => {
    const res = await upload(zipOf({ 'x.bpmn': template('by_reader') }), reader);
    expect(res.statusCode).toBe(403);
  });
});
