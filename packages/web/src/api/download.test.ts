// fetchBlob() against a real HTTP server: files come back as blobs, JSON answers are errors whose
// text is error_message (spec §8).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULT_CODES } from '@ipdesk/core';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
} from '../testing/local-server';
import { fetchBlob, filenameFromDisposition } from './download';
import { setFailureNotifier, type ShownNotice } from './failure-notifier';

let server: LocalServer;
let notices: ShownNotice[];
let removeNotifier: () => void;

beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  silenceBrowserConsole();
  setPageUrl(`${server.origin}/ip/exports`);
  notices = [];
  removeNotifier = setFailureNotifier((_failure, notice) => notices.push(notice));
});
afterEach(() => {
  removeNotifier();
  vi.restoreAllMocks();
});

describe('fetchBlob', () => {
  it('returns the file and its name', async () => {
    server.respond((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="patents.xlsx"; filename*=UTF-8''${encodeURIComponent('专利.xlsx')}`,
      });
      response.end(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    });
    const outcome = await fetchBlob({ url: '/webapi/export/patents' });
    expect(outcome.result).toBe(RESULT_CODES.success);
    if (outcome.result !== RESULT_CODES.success) return;
    expect(outcome.data.filename).toBe('专利.xlsx');
    expect(new Uint8Array(await outcome.data.blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
    expect(server.received.at(-1)?.headers['x-event-source']).toBe('/ip/exports');
  });

  it('shows error_message of a JSON answer with status 200', async () => {
    server.respond(sendJson(200, { error_message: '导出链接已失效，请重新选择数据' }));
    const outcome = await fetchBlob({ url: '/webapi/export/patents' });
    expect(outcome.result).toBe(RESULT_CODES.other);
    expect(notices).toEqual([{ kind: 'server', text: '导出链接已失效，请重新选择数据' }]);
  });

  it('accepts message as well, and applies the status rules to error statuses', async () => {
    server.respond(sendJson(400, { code: 400000, message: 'bad export' }));
    await fetchBlob({ url: '/webapi/export/patents' });
    server.respond(sendJson(500, { code: 500000, error_message: 'boom' }));
    await fetchBlob({ url: '/webapi/export/patents' });
    expect(notices).toEqual([
      { kind: 'server', text: 'bad export' },
      { kind: 'text', key: 'request.serviceError' },
    ]);
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="a b.pdf"', 'a b.pdf'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    [`attachment; filename*=UTF-8''%E8%B4%B9%E7%94%A8.csv`, '费用.csv'],
    [`attachment; filename*=UTF-8''%E0%A4; filename="fallback.csv"`, 'fallback.csv'],
    ['inline', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});
