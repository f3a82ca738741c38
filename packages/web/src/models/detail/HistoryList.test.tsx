// Every audit event the server can write shows on a History tab by its name in the viewer's language,
// never as the raw action (the tab once showed "person.account_opened").
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_CATALOG, auditActionLabel, auditActionList } from '@ipdesk/core';
import type { HistoryEntry } from '../../api/model';
import { i18n, startI18n, switchLanguage } from '../../i18n/i18n';
import { setPageUrl, silenceBrowserConsole, startLocalServer } from '../../testing/local-server';
import { HistoryList } from './HistoryList';

let root: Root;
let container: HTMLElement;

beforeAll(async () => {
  const gone = await startLocalServer();
  await gone.close();
  setPageUrl(`${gone.origin}/ip/`);
  silenceBrowserConsole();
  await startI18n(localStorage);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterAll(() => act(() => root.unmount()));

// Every entity event and every model's record events (`patent.created`, `fee.deleted`, …).
const actions = auditActionList(MODEL_CATALOG.map((model) => model.name));
const entries: HistoryEntry[] = [...actions, 'some.future_event'].map((action, index) => ({
  action,
  actor_sid: null,
  actor_name: null,
  at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
  changes: {},
}));

async function shownActions(language: 'zh-CN' | 'en'): Promise<string[]> {
  await act(async () => {
    await switchLanguage(language);
    root.render(
      <I18nextProvider i18n={i18n}>
        <HistoryList entries={entries} fields={new Map()} context={{ t: i18n.t, language, variant: 'detail' }} />
      </I18nextProvider>,
    );
  });
  // Newest first: reverse back to the order of `entries`.
  return [...container.querySelectorAll('[data-testid="history-action"]')]
    .map((tag) => tag.textContent ?? '')
    .reverse();
}

describe('history event names', () => {
  it.each(['zh-CN', 'en'] as const)(
    'every audit action has its name in %s, an unknown one a generic name',
    async (language) => {
      const shown = await shownActions(language);
      const expected = actions.map((action) =>
        language === 'en' ? auditActionLabel(action)!.en : auditActionLabel(action)!.zh,
      );
      expect(shown).toEqual([...expected, language === 'en' ? 'Other change' : '其他变更']);
      for (const text of shown) expect(text).not.toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      if (language === 'en') for (const text of shown) expect(text).not.toMatch(/[\u4e00-\u9fff]/);
      else for (const text of shown) expect(text).toMatch(/[\u4e00-\u9fff]/);
    },
  );
});

describe('a lifecycle status change', () => {
  it.each([
    ['zh-CN', '状态变更', '放弃', '意见：重复投稿'],
    ['en', 'Status changed', 'Abandon', 'Comment: 重复投稿'],
  ] as const)('names its action and shows its comment in %s', async (language, event, action, comment) => {
    const change: HistoryEntry = {
      action: 'scientific_paper.status_changed',
      actor_sid: null,
      actor_name: '张三',
      at: '2026-11-27T08:00:00.000Z',
      changes: {},
      lifecycle_action: 'abandon',
      comment: '重复投稿',
    };
    await act(async () => {
      await switchLanguage(language);
      root.render(
        <I18nextProvider i18n={i18n}>
          <HistoryList
            entries={[change]}
            fields={new Map()}
            context={{ t: i18n.t, language, variant: 'detail' }}
            actionLabels={new Map([['abandon', action]])}
          />
        </I18nextProvider>,
      );
    });
    expect(container.querySelector('[data-testid="history-action"]')?.textContent).toBe(event);
    expect(container.querySelector('[data-testid="history-lifecycle-action"]')?.textContent).toBe(action);
    expect(container.querySelector('[data-testid="history-comment"]')?.textContent).toBe(comment);
  });
});
