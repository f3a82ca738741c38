// The add-relation dialog against a local HTTP server playing {webapi}: choosing the type, the other
// case (searched) and the direction checks the relation; its warnings are listed and Save waits for the
// "I have read the warnings" box; what Save sends; a relation without warnings saves straight away.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, RELATION_TYPE_LABELS } from '@ipdesk/core';
import { ANTD_LOCALES } from '../../../app/antd-locale';
import { i18n } from '../../../i18n/i18n';
import { answer, notFound, pageTest } from '../../../testing/page-test';
import { byTestId, click } from '../../../testing/render';
import { settle, waitUntil } from '../../../testing/wait';
import { AddRelationDialog } from './AddRelationDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const zh = messages['zh-CN'];
const CASE = 'Case000000000001';
const WO = 'CaseWo0000000001';
const BASE = `/webapi/patent/${CASE}/relations`;
const WARNINGS = [
  { code: 'pctParentWo', message: zh['patentRelation.problem.pctParentWo'] },
  { code: 'pctChildNotWo', message: zh['patentRelation.problem.pctChildNotWo'] },
];

let root: Root | undefined;
let added = 0;

const page = pageTest(
  (request, response) => {
    if (request.url === '/webapi/model/patent/do/search')
      return answer({ rows: [{ sid: WO, sn: 'WO-001', title: '国际申请', country: 'WO' }], total: 1 })(
        request,
        response,
      );
    if (request.url === `${BASE}/check`) {
      const body = JSON.parse(request.body) as { direction: string };
      return answer({ errors: [], warnings: body.direction === 'parent' ? WARNINGS : [] })(request, response);
    }
    if (request.url === BASE) return answer({ sid: 'Rel0000000000001', warnings: [] })(request, response);
    return notFound(request, response);
  },
  { companies: [] },
);
beforeEach(() => {
  added = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

async function mount(): Promise<void> {
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
              <AddRelationDialog
                sid={CASE}
                onClose={() => undefined}
                onAdded={async () => {
                  added++;
                }}
              />
            </QueryClientProvider>
          </AntApp>
        </ConfigProvider>
      </I18nextProvider>,
    ),
  );
}

const selectors = () => [...document.querySelectorAll<HTMLElement>('.ant-modal .ant-select-selector')];

async function pick(selectIndex: number, optionText: string): Promise<void> {
  await act(async () => {
    selectors()[selectIndex]!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await waitUntil(() =>
    [...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent?.includes(optionText)),
  );
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
    o.textContent?.includes(optionText),
  )!;
  await click(option);
  await settle();
}

const saveButton = () => byTestId<HTMLButtonElement>(document.body, 'relation-save');
const sentBodies = (url: string) =>
  page.server.received.filter((r) => r.url === url).map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('the add-relation dialog', { timeout: 20_000 }, () => {
  it('lists the warnings and saves only once they are confirmed', async () => {
    await mount();
    await pick(0, RELATION_TYPE_LABELS.PCT.zh);
    await pick(1, 'WO-001');
    const parent = [...document.querySelectorAll<HTMLElement>('.ant-radio-button-wrapper')].find(
      (label) => label.textContent === zh['relations.parent'],
    )!;
    await click(parent);
    await waitUntil(() => document.querySelector('[data-testid="relation-warning-pctParentWo"]') !== null);
    expect(byTestId(document.body, 'relation-warning-pctChildNotWo').textContent).toBe(WARNINGS[1]!.message);
    expect(saveButton().disabled).toBe(true);
    const confirm = byTestId(document.body, 'relation-confirm');
    await click(confirm instanceof HTMLInputElement ? confirm : confirm.querySelector('input')!);
    expect(saveButton().disabled).toBe(false);
    await click(saveButton());
    await waitUntil(() => added === 1);
    expect(sentBodies(BASE)).toEqual([
      { type: 'PCT', other_sid: WO, direction: 'parent', acknowledged: ['pctParentWo', 'pctChildNotWo'] },
    ]);
  });

  it('saves a relation without warnings straight away', async () => {
    await mount();
    await pick(0, RELATION_TYPE_LABELS.PCT.zh);
    await pick(1, 'WO-001');
    await waitUntil(() => document.querySelector('[data-testid="relation-ok"]') !== null);
    expect(document.querySelector('[data-testid="relation-confirm"]')).toBeNull();
    expect(saveButton().disabled).toBe(false);
    await click(saveButton());
    await waitUntil(() => added === 1);
    expect(sentBodies(BASE)[0]).toMatchObject({ direction: 'child', acknowledged: [] });
  });
});
