// The antd notice for a failed call: translated text, and a click copies the call's details.
import { App as AntdApp, ConfigProvider } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESULT_CODES, errors, messages } from '@ipdesk/core';
import { reportFailure } from '../api/failure-notifier';
import { i18n, startI18n } from '../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../testing/local-server';
import { FailureNotices } from './FailureNotices';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;

beforeAll(async () => {
  const gone = await startLocalServer();
  await gone.close();
  setPageUrl(`${gone.origin}/ip/patents`);
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        {/* No motion: antd's animation timers would update state outside act(). */}
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntdApp>
            <FailureNotices />
          </AntdApp>
        </ConfigProvider>
      </I18nextProvider>,
    ),
  );
});
afterAll(() => act(() => root.unmount()));

describe('FailureNotices', () => {
  it('shows the validation notice and copies the details on click', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await act(async () =>
      reportFailure({
        result: RESULT_CODES.other,
        status: 400,
        body: {
          code: errors.validation.code,
          message: '参数校验失败',
          requestId: 'srv-1',
          fields: [{ field: 'title', label: '标题', message: '必填' }],
        },
        requestId: 'abcDEF0123456789',
        method: 'POST',
        url: 'http://127.0.0.1/webapi/model/patent/do/create',
        time: '2025-01-02T03:04:05.000Z',
      }),
    );

    const notice = document.querySelector<HTMLElement>('[data-testid="failure-notice"]');
    expect(notice?.textContent).toContain('标题：必填');
    expect(notice?.textContent).toContain(messages['zh-CN']['request.copyDetails']);

    await act(async () => notice?.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain(messages['zh-CN']['request.detailsCopied']));
    const copied = JSON.parse(String(writeText.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(copied).toMatchObject({
      requestId: 'abcDEF0123456789',
      status: 400,
      code: errors.validation.code,
      message: '标题：必填',
      method: 'POST',
      url: 'http://127.0.0.1/webapi/model/patent/do/create',
      time: '2025-01-02T03:04:05.000Z',
    });
  });
});
