// The user picker and user cells against a real HTTP server playing {webapi}: typing searches the
// pickable users (debounced, keyword as typed), options read "name (account) · department" and picking
// one gives its sid (or sids); a value already set shows its user's name; cells of a page read their
// users' names in one call and fall back to the ID. Also the batching of names on its own.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { PickableUser, UserName } from '../../../api/user-info';
import { ANTD_LOCALES } from '../../../app/antd-locale';
import { i18n } from '../../../i18n/i18n';
import type { Responder } from '../../../testing/local-server';
import { answer, notFound, pageTest, refuse } from '../../../testing/page-test';
import { click, typeInto } from '../../../testing/render';
import { schemaField, type FieldExtra } from '../../../testing/schema-fixtures';
import { renderValue } from '../cells';
import { UserPicker } from './UserPicker';
import { createNameBatcher, pickOptionLabel, searchKeyword, userLabel } from './user-lookup';
import { settle, waitUntil } from '../../../testing/wait';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const zh = messages['zh-CN'];
const SEARCH = '/webapi/model/user_info/do/search_component';
const NAMES = '/webapi/model/user_info/do/search_names';
const LI = 'UserLi0000000001';
const WANG = 'UserWang00000001';
const GONE = 'UserGone00000001';

const pickable: PickableUser[] = [
  {
    sid: LI,
    account: 'li.yan',
    name: '李研究',
    english_name: 'Alice Li',
    department: { sid: 'Dept000000000001', name: '研究部' },
    companies: [{ sid: 'CompanyA00000001', company_name: '总院' }],
  },
  { sid: WANG, account: 'wang', name: '王电池', english_name: null, department: null, companies: [] },
];
const known: UserName[] = pickable.map(({ sid, name, account }) => ({ sid, name, account }));

let root: Root | undefined;
let searchFails = false;

function webapi(): Responder {
  return (request, response) => {
    if (request.url === SEARCH) {
      if (searchFails) return refuse(500, 500000, 'down')(request, response);
      const { keyword = '' } = JSON.parse(request.body) as { keyword?: string };
      const data = pickable.filter((user) => user.name.includes(keyword) || user.account.includes(keyword));
      return answer(data)(request, response);
    }
    if (request.url === NAMES) {
      const { sids } = JSON.parse(request.body) as { sids: string[] };
      const data = known.filter((user) => sids.includes(user.sid));
      return answer(data)(request, response);
    }
    return notFound(request, response);
  };
}

const field = (extra: FieldExtra = {}) => schemaField('owner', '负责人', { kind: 'user', data_type: 'ref', ...extra });

const page = pageTest(webapi(), { companies: [] });
beforeEach(() => {
  searchFails = false;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

async function mount(node: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES['zh-CN']}>
          <QueryClientProvider client={client}>{node}</QueryClientProvider>
        </ConfigProvider>
      </I18nextProvider>,
    ),
  );
  return container;
}

const bodiesOf = (url: string) =>
  page.server.received.filter((request) => request.url === url).map((request) => JSON.parse(request.body) as unknown);

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((item) => item.textContent);

async function openPicker(container: HTMLElement): Promise<void> {
  await act(async () => {
    container.querySelector('.ant-select-selector')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
}

function liOption(): HTMLElement {
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((item) =>
    item.textContent?.includes('李研究'),
  );
  if (!option) throw new Error('no option for 李研究');
  return option;
}

describe('labels', () => {
  it('reads "name (account) · department" in both languages', () => {
    // The English texts as the language pack brings them when someone switches.
    i18n.addResourceBundle('en', 'translation', messages.en, true, true);
    const zhT = i18n.getFixedT('zh-CN');
    const enT = i18n.getFixedT('en');
    expect(pickOptionLabel(zhT, pickable[0]!)).toBe('李研究（li.yan） · 研究部');
    expect(pickOptionLabel(enT, pickable[0]!)).toBe('李研究 (li.yan) · 研究部');
    expect(pickOptionLabel(zhT, pickable[1]!)).toBe('王电池（wang）');
    expect(userLabel(enT, known[1]!)).toBe('王电池 (wang)');
  });

  it('sends the typed text trimmed and at most 50 characters long', () => {
    expect(searchKeyword('  李  ')).toBe('李');
    expect(searchKeyword('x'.repeat(60))).toHaveLength(50);
  });
});

describe('name batching', () => {
  const fetcher = () => {
    const calls: string[][] = [];
    const fetchNames = (sids: string[]) => {
      calls.push(sids);
      return Promise.resolve(known.filter((user) => sids.includes(user.sid)));
    };
    return { calls, fetchNames };
  };

  it('reads the sids asked for together in one call, each once; unknown ones resolve to null', async () => {
    const { calls, fetchNames } = fetcher();
    const batcher = createNameBatcher(fetchNames);
    const answers = await Promise.all([batcher.load(LI), batcher.load(GONE), batcher.load(LI), batcher.load(WANG)]);
    expect(calls).toEqual([[LI, GONE, WANG]]);
    expect(answers.map((answer) => answer?.name ?? null)).toEqual(['李研究', null, '李研究', '王电池']);
    await batcher.load(WANG);
    expect(calls).toHaveLength(2);
  });

  it('splits a large batch into calls of the maximum and never sends what is not an ID', async () => {
    const { calls, fetchNames } = fetcher();
    const batcher = createNameBatcher(fetchNames, 2);
    const answers = await Promise.all([LI, WANG, GONE, 'not an id'].map((sid) => batcher.load(sid)));
    expect(calls).toEqual([[LI, WANG], [GONE]]);
    expect(answers[3]).toBeNull();
  });

  it('fails every load of a failed call', async () => {
    const batcher = createNameBatcher(() => Promise.reject(new Error('down')));
    await expect(Promise.all([batcher.load(LI), batcher.load(WANG)])).rejects.toThrow('down');
  });
});

describe('the user picker', { timeout: 20_000 }, () => {
  it('makes no call until opened; then searches as typed and gives the picked user’s sid', async () => {
    let changed: unknown = 'untouched';
    const container = await mount(<UserPicker field={field()} model="patent" onChange={(next) => (changed = next)} />);
    await settle();
    expect(page.server.received).toHaveLength(0);
    expect(container.textContent).toContain(zh['userPicker.placeholder']);

    await openPicker(container);
    await waitUntil(() => optionTexts().length === 2);
    expect(bodiesOf(SEARCH)).toEqual([{ rows: 20 }]);
    expect(optionTexts()).toEqual(['李研究（li.yan） · 研究部', '王电池（wang）']);
    expect(document.body.textContent).toContain(zh['userPicker.rangeHint']);

    await typeInto(container.querySelector('input') as HTMLInputElement, ' 李 ');
    await waitUntil(() => optionTexts().length === 1);
    // Debounced: one search for the settled text, not one per key.
    expect(bodiesOf(SEARCH)).toEqual([{ rows: 20 }, { keyword: '李', rows: 20 }]);

    await click(liOption());
    expect(changed).toBe(LI);
  });

  it('says so when nobody matches, and when the search fails', async () => {
    const container = await mount(<UserPicker field={field()} model="patent" />);
    await openPicker(container);
    await typeInto(container.querySelector('input') as HTMLInputElement, '无此人');
    await waitUntil(() => document.querySelector('[data-testid="user-picker-empty"]') !== null);
    expect(document.body.textContent).toContain(zh['userPicker.empty']);

    searchFails = true;
    await typeInto(container.querySelector('input') as HTMLInputElement, '还是无此人');
    await waitUntil(() => document.querySelector('[data-testid="user-picker-failed"]') !== null);
    expect(document.body.textContent).toContain(zh['userPicker.loadFailed']);
  });

  it('shows the name of a user already set, read by sid, without searching', async () => {
    const container = await mount(<UserPicker field={field()} model="patent" value={WANG} />);
    await waitUntil(() => container.textContent?.includes('王电池（wang）') ?? false);
    expect(bodiesOf(NAMES)).toEqual([{ sids: [WANG] }]);
    expect(bodiesOf(SEARCH)).toEqual([]);
  });

  it('shows the ID of a user the server does not know', async () => {
    const container = await mount(<UserPicker field={field()} model="patent" value={GONE} />);
    await waitUntil(() => bodiesOf(NAMES).length === 1);
    await settle();
    expect(container.querySelector('.ant-select-selection-item')?.textContent).toBe(GONE);
  });

  it('picks several users for a multiple field, keeping those already set', async () => {
    let changed: unknown;
    const container = await mount(
      <UserPicker
        field={field({ multiple: true })}
        model="patent"
        value={[WANG]}
        onChange={(next) => (changed = next)}
      />,
    );
    await waitUntil(() => container.textContent?.includes('王电池（wang）') ?? false);
    expect(container.querySelector('.ant-select-multiple')).not.toBeNull();
    await openPicker(container);
    await waitUntil(() => optionTexts().length === 2);
    await click(liOption());
    expect(changed).toEqual([WANG, LI]);
  });

  it('clears the value', async () => {
    let changed: unknown = 'untouched';
    const container = await mount(
      <UserPicker field={field()} model="patent" value={LI} onChange={(next) => (changed = next)} />,
    );
    await waitUntil(() => container.textContent?.includes('李研究') ?? false);
    const clear = container.querySelector<HTMLElement>('.ant-select-clear');
    expect(clear).not.toBeNull();
    await act(async () => {
      clear?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      clear?.click();
    });
    expect(changed).toBeNull();
  });
});

describe('user cells', { timeout: 20_000 }, () => {
  it('show names, every cell of a page read in one call, an unknown user by its ID', async () => {
    const context = { t: i18n.t, language: 'zh-CN' as const, variant: 'table' as const };
    const container = await mount(
      <table>
        <tbody>
          {[LI, WANG, GONE, LI].map((sid, index) => (
            <tr key={index}>
              <td>{renderValue(sid, field(), context)}</td>
            </tr>
          ))}
          <tr>
            <td>{renderValue([WANG, LI], field({ multiple: true }), context)}</td>
          </tr>
        </tbody>
      </table>,
    );
    await waitUntil(() => container.textContent?.includes('李研究') ?? false);
    await settle();
    const cells = [...container.querySelectorAll('[data-testid="user-name"]')];
    expect(cells.map((cell) => cell.textContent)).toEqual(['李研究', '王电池', GONE, '李研究', '王电池、李研究']);
    expect(cells[0]?.getAttribute('title')).toBe('李研究（li.yan）');
    expect(bodiesOf(NAMES)).toEqual([{ sids: [LI, WANG, GONE] }]);
  });
});
