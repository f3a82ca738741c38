// The upload input of design samples and figures (issue 18): a saved file shows its thumbnail fetched with
// the session, a chosen file is uploaded at once to the field's endpoint (with the record's sid when
// editing) and appended to the field's value, a refused one stays in the list with the server's words and
// changes nothing, and files are removed and moved earlier in the value the save sends. A real HTTP
// server plays {webapi}.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Form, type FormInstance } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FieldFiles } from '../../api/model';
import { ANTD_LOCALES } from '../../app/antd-locale';
import { i18n, startI18n } from '../../i18n/i18n';
import { endSession, startSession } from '../../session/store';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
  type ReceivedRequest,
} from '../../testing/local-server';
import { byTestId, click } from '../../testing/render';
import { schemaField } from '../../testing/schema-fixtures';
import { waitUntil } from '../../testing/wait';
import { FieldFilesInput } from './FieldFilesInput';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SAVED = 'FileSaved0000001';
const NEW = 'FileNew000000001';
const RECORD = 'Patent0000000001';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const files: FieldFiles = {
  [SAVED]: {
    name: '主视图.png',
    media_type: 'image/png',
    size_bytes: PNG.length,
    url: `/model/patent/${RECORD}/files/drawings/${SAVED}`,
    thumbnail_url: `/model/patent/${RECORD}/files/drawings/${SAVED}?inline=1`,
  },
};

let server: LocalServer;
let refuseUpload = false;
let root: Root | undefined;

function webapi(request: ReceivedRequest, response: Parameters<Parameters<LocalServer['respond']>[0]>[1]): void {
  const path = request.url.split('?')[0];
  if (path === `/webapi/model/patent/${RECORD}/files/drawings/${SAVED}`) {
    response.writeHead(200, { 'content-type': 'image/png', 'content-disposition': 'inline; filename="a.png"' });
    response.end(PNG);
    return;
  }
  if (path === '/webapi/model/patent/do/upload/drawings') {
    if (refuseUpload)
      return sendJson(415, {
        code: 415470,
        message: '附图：不支持此文件格式（支持：PNG, JPEG, GIF, TIFF）',
        request_id: 'r',
      })(request, response);
    return sendJson(200, {
      code: 0,
      message: 'ok',
      request_id: 'r',
      data: { file_sid: NEW, name: '侧视图.png', media_type: 'image/png', size_bytes: PNG.length },
    })(request, response);
  }
  sendJson(404, { code: 404000, message: 'none', request_id: 'r' })(request, response);
}

beforeAll(async () => {
  server = await startLocalServer(webapi);
  setPageUrl(`${server.origin}/ip/`);
  localStorage.clear();
  localStorage.setItem('language', 'zh-CN');
  silenceBrowserConsole();
  await startI18n(localStorage);
  startSession({ authorization: 'jwt-1', refresh_token: 'refresh-1', companys: [] });
});
afterAll(async () => {
  endSession();
  await server.close();
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  server.received.length = 0;
  refuseUpload = false;
});

const field = schemaField('drawings', '附图', { kind: 'figure', data_type: 'file', multiple: true, custom: true });

async function mount(value: string[]): Promise<{ container: HTMLElement; form: () => FormInstance }> {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  let instance: FormInstance | undefined;
  function Harness() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form} initialValues={{ drawings: value }}>
        <Form.Item name="drawings">
          <FieldFilesInput field={field} model="patent" recordSid={RECORD} files={files} testId="input" />
        </Form.Item>
      </Form>
    );
  }
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES['zh-CN']}>
          <App>
            <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
              <Harness />
            </QueryClientProvider>
          </App>
        </ConfigProvider>
      </I18nextProvider>,
    ),
  );
  return { container, form: () => instance! };
}

/** Chooses a file in the upload's hidden file input, as the browser's dialog would. */
async function choose(container: HTMLElement, file: File): Promise<void> {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the upload input of a file field', { timeout: 60_000 }, () => {
  it('shows a saved file’s thumbnail fetched with the session, and uploads a chosen file for the record, adding it to the value', async () => {
    const { container, form } = await mount([SAVED]);
    await waitUntil(() => container.querySelector('[data-testid="field-file-thumbnail"]') !== null);
    const thumbnail = server.received.find((r) => r.url.startsWith(`/webapi/model/patent/${RECORD}/files/drawings/`));
    expect(thumbnail?.url).toBe(`/webapi/model/patent/${RECORD}/files/drawings/${SAVED}?inline=1`);
    expect(thumbnail?.headers.authorization).toContain('jwt-1');
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);

    await choose(container, new File([PNG], '侧视图.png', { type: 'image/png' }));
    await waitUntil(() => (form().getFieldValue('drawings') as string[]).length === 2);
    expect(form().getFieldValue('drawings')).toEqual([SAVED, NEW]);
    const upload = server.received.find((r) => r.url.startsWith('/webapi/model/patent/do/upload/drawings'))!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe(`/webapi/model/patent/do/upload/drawings?sid=${RECORD}`);
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload.body).toContain('filename="侧视图.png"');
    // The new file is listed done, with the picture chosen as its thumbnail.
    const done = [...container.querySelectorAll('.ant-upload-list-item-done')];
    expect(
      done.some((item) => item.textContent?.includes('侧视图.png') || item.querySelector('img[alt="侧视图.png"]')),
    ).toBe(true);
  });

  it('keeps a refused upload in the list with the server’s words and leaves the value as it was', async () => {
    refuseUpload = true;
    const { container, form } = await mount([SAVED]);
    await choose(container, new File([Buffer.from('MZ')], 'innocent.png', { type: 'image/png' }));
    await waitUntil(() => container.querySelector('.ant-upload-list-item-error') !== null);
    expect(form().getFieldValue('drawings')).toEqual([SAVED]);
  });

  it('moves a file earlier and removes one, in the value the save sends', async () => {
    const { container, form } = await mount([NEW, SAVED]);
    await click(byTestId(container, 'field-file-move-1'));
    expect(form().getFieldValue('drawings')).toEqual([SAVED, NEW]);
    await click(byTestId(container, 'field-file-remove-0'));
    expect(form().getFieldValue('drawings')).toEqual([NEW]);
  });
});
