// A NUL in a multipart upload's text fields is read by the route itself, past the JSON guard: the
// database's refusal of it is answered as the caller's mistake (400), never 500. PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../test/accounts.js';
import { onPostgres } from '../../test/database.js';
import { multipartBody, samplePdf } from '../platform/files/samples.js';

describe(`NUL in multipart uploads (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let patentSid: string;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, user.account, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(admin),
      payload: { data: { title: 'Case', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    patentSid = res.json().data.sid;
  });
  afterAll(() => t.close());

  const upload = (fields: Record<string, string>, filename = 'claims.pdf') => {
    const body = multipartBody(
      { patent_sid: patentSid, file_name: 'claims.pdf', ...fields },
      { filename, bytes: samplePdf() },
    );
    return t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      headers: { ...authed(admin), ...body.headers },
      payload: body.payload,
    });
  };

  it('refuses a NUL in a text field the route does not check itself with 400, in the caller language', async () => {
    const res = await upload({ version_remark: 'a\u0000b' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 500001,
      fields: [{ field: '', message: 'contains a character that is not allowed (NUL or an unpaired surrogate)' }],
    });
    // Fields the route checks keep their own, more precise message.
    const named = await upload({ file_name: 'claims\u0000.pdf' });
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().fields[0].field).toBe('file_name');
    const fine = await upload({ version_remark: 'first draft' });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
