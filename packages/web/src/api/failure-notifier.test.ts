import { afterEach, describe, expect, it } from 'vitest';
import { RESULT_CODES } from '@ipdesk/core';
import type { RequestFailure } from './failure';
import { formatFailureDetails, reportFailure, setFailureNotifier, type ShownNotice } from './failure-notifier';

const failure: RequestFailure = {
  result: RESULT_CODES.other,
  status: 403,
  body: { code: 403000, message: '没有权限执行此操作', requestId: 'srv-1' },
  requestId: 'abcDEF0123456789',
  method: 'POST',
  url: 'http://127.0.0.1/webapi/model/patent/do/update',
  time: '2025-01-02T03:04:05.000Z',
};

let remove: (() => void) | undefined;
afterEach(() => remove?.());

describe('failure notifier', () => {
  it('passes shown notices to the registered notifier, and none after removal', () => {
    const seen: ShownNotice[] = [];
    remove = setFailureNotifier((_failure, notice) => seen.push(notice));
    reportFailure(failure);
    reportFailure({ ...failure, status: 401 });
    remove();
    reportFailure(failure);
    expect(seen).toEqual([{ kind: 'server', text: '没有权限执行此操作' }]);
  });

  it('copies every detail support needs', () => {
    expect(JSON.parse(formatFailureDetails(failure, '没有权限执行此操作'))).toEqual({
      requestId: 'abcDEF0123456789',
      serverRequestId: 'srv-1',
      status: 403,
      code: 403000,
      message: '没有权限执行此操作',
      serverMessage: '没有权限执行此操作',
      method: 'POST',
      url: 'http://127.0.0.1/webapi/model/patent/do/update',
      time: '2025-01-02T03:04:05.000Z',
    });
  });
});
