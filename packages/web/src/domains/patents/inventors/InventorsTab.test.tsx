// The inventors tab against a local HTTP server playing {webapi}: the stored list with its sum, save
// disabled with the reason while the shares do not add up to 100, a row added and the list saved with the
// case's version, and the server's refusal shown above the table.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { ModelRow, ModelSchema } from '../../../api/model';
import { ANTD_LOCALES } from '../../../app/antd-locale';
import { i18n } from '../../../i18n/i18n';
import { sendJson } from '../../../testing/local-server';
import { answer, notFound, pageTest } from '../../../testing/page-test';
import { byTestId, click, typeInto } from '../../../testing/render';
import { waitUntil } from '../../../testing/wait';
import type { Inventor } from './api';
import { InventorsTab } from './InventorsTab';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const zh = messages['zh-CN'];
const CASE = 'Case000000000001';
const URL = `/webapi/patent/${CASE}/inventors`;

let root: Root | undefined;
let stored: Inventor[];
let saveAnswer: { status: number; body: unknown } | undefined;
let changed = 0;

const page = pageTest(
  (request, response) => {
    if (request.url === URL && request.method === 'GET') return answer(stored)(request, response);
    if (request.url === URL && request.method === 'POST') {
      if (saveAnswer) return sendJson(saveAnswer.status, saveAnswer.body)(request, response);
      const body = JSON.parse(request.body) as { inventors: Array<Omit<Inventor, 'position'>> };
      stored = body.inventors.map((inventor, i) => ({ ...inventor, position: i + 1 }));
      return answer({ version: 8, inventors: stored })(request, response);
    }
    if (request.url?.startsWith('/webapi/patent-inventor-candidates')) return answer([])(request, response);
    return notFound(request, response);
  },
  { companies: [] },
);
beforeEach(() => {
  stored = [
    { position: 1, person_sid: null, name: '李雷', contribution: 60 },
    { position: 2, person_sid: null, name: '韩梅梅', contribution: 40 },
  ];
  saveAnswer = undefined;
  changed = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

const schema: ModelSchema = {
  name: 'patent',
  label: '专利',
  title_field: 'title',
  fields: [],
  abilities: { create: true, update: true, delete: true, import: true, export: true },
};
const record: ModelRow = { sid: CASE, version: 7 };

async function mount(): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES['zh-CN']}>
          <AntApp>
            <QueryClientProvider client={client}>
              <InventorsTab
                schema={schema}
                record={record}
                subCompanySid={undefined}
                onChanged={async () => {
                  changed++;
                }}
              />
            </QueryClientProvider>
          </AntApp>
        </ConfigProvider>
      </I18nextProvider>,
    ),
  );
  await waitUntil(() => container.querySelector('[data-testid="inventor-row-1"]') !== null);
  return container;
}

const input = (container: HTMLElement, testId: string) => byTestId<HTMLInputElement>(container, testId);
const saveButton = (container: HTMLElement) => byTestId<HTMLButtonElement>(container, 'inventors-save');

describe('the inventors tab', { timeout: 20_000 }, () => {
  it('shows the stored inventors and their sum; nothing to save yet', async () => {
    const container = await mount();
    expect(input(container, 'inventor-name-0').value).toBe('李雷');
    expect(input(container, 'inventor-contribution-1').value).toBe('40');
    expect(byTestId(container, 'inventors-sum').textContent).toBe(zh['inventors.sum'].replace('{{sum}}', '100'));
    expect(saveButton(container).disabled).toBe(true);
  });

  it('keeps save disabled with the reason while the shares do not add up to 100, then saves', async () => {
    const container = await mount();
    await click(byTestId(container, 'inventor-add'));
    await typeInto(input(container, 'inventor-name-2'), 'Outside Inventor');
    await typeInto(input(container, 'inventor-contribution-2'), '0.01');
    expect(byTestId(container, 'inventors-sum').textContent).toBe(zh['inventors.sum'].replace('{{sum}}', '100.01'));
    expect(saveButton(container).disabled).toBe(true);
    expect(byTestId(container, 'inventors-problems').textContent).toContain(
      zh['inventors.sumInvalid'].replace('{{sum}}', '100.01'),
    );
    await typeInto(input(container, 'inventor-contribution-0'), '59.99');
    expect(saveButton(container).disabled).toBe(false);
    await click(saveButton(container));
    await waitUntil(() => changed === 1);
    const sent = page.server.received.filter((r) => r.url === URL && r.method === 'POST');
    expect(JSON.parse(sent[0]!.body)).toEqual({
      version: 7,
      inventors: [
        { name: '李雷', contribution: 59.99, person_sid: null },
        { name: '韩梅梅', contribution: 40, person_sid: null },
        { name: 'Outside Inventor', contribution: 0.01, person_sid: null },
      ],
    });
    await waitUntil(() => saveButton(container).disabled);
  });

  it('shows the server’s refusal above the table', async () => {
    saveAnswer = {
      status: 409,
      body: { code: 409000, message: '数据已被他人修改', request_id: 'c' },
    };
    const container = await mount();
    await typeInto(input(container, 'inventor-name-1'), '韩梅');
    await click(saveButton(container));
    await waitUntil(() => container.querySelector('[data-testid="inventors-error"]') !== null);
    expect(byTestId(container, 'inventors-error').textContent).toBe(zh['inventors.changedElsewhere']);
    expect(changed).toBe(1);
  });
});
