import { describe, expect, it } from 'vitest';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { describeFailure, inlineNotice, type FailureFacts } from './failure';

const other = RESULT_CODES.other;
const serverSays = (status: number, message = 'server words'): FailureFacts => ({
  result: other,
  status,
  body: { code: 400000, message },
});

describe('describeFailure (spec §8)', () => {
  it.each([400, 403])('shows the server message for HTTP %i', (status) => {
    expect(describeFailure(serverSays(status))).toEqual({ kind: 'server', text: 'server words' });
  });

  it.each([errors.validation.code, errors.fieldRule.code])('shows the first failing field for code %i', (code) => {
    const facts: FailureFacts = {
      result: other,
      status: 400,
      body: {
        code,
        message: 'validation failed',
        fields: [
          { field: 'title', label: 'Title', message: 'required' },
          { field: 'owner', label: 'Owner', message: 'unknown user' },
        ],
      },
    };
    expect(describeFailure(facts)).toEqual({
      kind: 'text',
      key: 'validation.field',
      params: { label: 'Title', message: 'required' },
    });
  });

  it('falls back to the message when a validation code comes without fields', () => {
    const facts: FailureFacts = { result: other, status: 400, body: { code: errors.validation.code, message: 'bad' } };
    expect(describeFailure(facts)).toEqual({ kind: 'server', text: 'bad' });
  });

  it('ignores fields for codes that are not validation codes', () => {
    const facts: FailureFacts = {
      result: other,
      status: 400,
      body: { code: 400000, message: 'bad request', fields: [{ field: 'a', label: 'A', message: 'm' }] },
    };
    expect(describeFailure(facts)).toEqual({ kind: 'server', text: 'bad request' });
  });

  it.each([401, 404])('stays silent for HTTP %i', (status) => {
    expect(describeFailure(serverSays(status))).toEqual({ kind: 'silent' });
    expect(describeFailure({ result: RESULT_CODES.unknown, status })).toEqual({ kind: 'silent' });
  });

  it('shows the cancelled message for HTTP 499 and for client-side cancels', () => {
    const canceled = { kind: 'text', key: 'result.canceled' };
    expect(describeFailure(serverSays(499))).toEqual(canceled);
    expect(describeFailure({ result: RESULT_CODES.canceled, status: 499 })).toEqual(canceled);
    expect(describeFailure({ result: RESULT_CODES.canceled })).toEqual(canceled);
  });

  it.each([405, 409, 412, 413, 429, 500, 502, 503])('shows the service error for HTTP %i', (status) => {
    expect(describeFailure(serverSays(status))).toEqual({ kind: 'text', key: 'request.serviceError' });
  });

  it.each([
    [409, 409920],
    [409, 409203],
    [413, 413450],
    [415, 415470],
    [429, 429000],
  ])("shows this server's refusal for HTTP %i with its code %i", (status, code) => {
    const facts: FailureFacts = { result: other, status, body: { code, message: 'still has 1 subcategory' } };
    expect(describeFailure(facts)).toEqual({ kind: 'server', text: 'still has 1 subcategory' });
  });

  it('keeps the service error for those statuses without one of its codes, or with a 5xx code', () => {
    expect(describeFailure({ result: other, status: 409 })).toEqual({ kind: 'text', key: 'request.serviceError' });
    const crash: FailureFacts = { result: other, status: 409, body: { code: 500000, message: 'x' } };
    expect(describeFailure(crash)).toEqual({ kind: 'text', key: 'request.serviceError' });
  });

  it('shows the service error for an unreadable 5xx body (e.g. a proxy page)', () => {
    expect(describeFailure({ result: RESULT_CODES.unknown, status: 502 })).toEqual({
      kind: 'text',
      key: 'request.serviceError',
    });
  });

  it('shows "system busy" for a 400/403 or 2xx answer it cannot read', () => {
    const unknown = { kind: 'text', key: 'result.unknown' };
    expect(describeFailure({ result: RESULT_CODES.unknown, status: 400 })).toEqual(unknown);
    expect(describeFailure({ result: RESULT_CODES.unknown, status: 403 })).toEqual(unknown);
    expect(describeFailure({ result: RESULT_CODES.unknown, status: 200 })).toEqual(unknown);
    expect(describeFailure({ result: other, status: 400, body: {} })).toEqual(unknown);
  });

  it('shows the network and database messages', () => {
    expect(describeFailure({ result: RESULT_CODES.network })).toEqual({ kind: 'text', key: 'result.network' });
    expect(describeFailure({ result: RESULT_CODES.database })).toEqual({ kind: 'text', key: 'result.database' });
  });

  it('shows the server message of a 2xx error body (a JSON answer to a download)', () => {
    expect(describeFailure({ result: other, status: 200, body: { message: 'export link expired' } })).toEqual({
      kind: 'server',
      text: 'export link expired',
    });
  });
});

describe('inlineNotice (forms that show their own failures)', () => {
  it("shows the server's words whatever the status", () => {
    for (const status of [400, 403, 409, 429, 503]) {
      expect(inlineNotice({ result: RESULT_CODES.other, status, body: { code: 1, message: `m${status}` } })).toEqual({
        kind: 'server',
        text: `m${status}`,
      });
    }
  });

  it('shows the first field of a validation failure', () => {
    expect(
      inlineNotice({
        result: RESULT_CODES.other,
        status: 400,
        body: {
          code: errors.fieldRule.code,
          message: '字段校验失败',
          fields: [{ field: 'new_password', label: '新密码', message: '长度为 8–30 个字符' }],
        },
      }),
    ).toEqual({ kind: 'text', key: 'validation.field', params: { label: '新密码', message: '长度为 8–30 个字符' } });
  });

  it('falls back to the global rules, and never stays silent', () => {
    expect(inlineNotice({ result: RESULT_CODES.network })).toEqual({ kind: 'text', key: 'result.network' });
    expect(inlineNotice({ result: RESULT_CODES.unknown, status: 502 })).toEqual({
      kind: 'text',
      key: 'request.serviceError',
    });
    expect(inlineNotice({ result: RESULT_CODES.unknown, status: 401 })).toEqual({
      kind: 'text',
      key: 'result.unknown',
    });
  });
});
