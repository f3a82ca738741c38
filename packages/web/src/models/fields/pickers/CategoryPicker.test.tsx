// The category cascader against a real HTTP server playing {webapi}: the tree is read through the generic
// search page by page (cursor), only valid categories asked for; any level may be picked and gives its
// sid; typing finds a category by name at any depth; a chosen one shows its path; a multiple field gives
// several sids; a chosen category no longer offered still reads by its title. Also the tree's arrangement.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { parseIql } from '@ipdesk/core';
import type { ModelRow } from '../../../api/model';
import { ANTD_LOCALES } from '../../../app/antd-locale';
import { i18n } from '../../../i18n/i18n';
import type { Responder } from '../../../testing/local-server';
import { answer, notFound, pageTest } from '../../../testing/page-test';
import { click, typeInto } from '../../../testing/render';
import { schemaField, type FieldExtra } from '../../../testing/schema-fixtures';
import { waitUntil } from '../../../testing/wait';
import { buildCategoryTree, categoryMatches } from './category-tree';
import { CategoryPicker } from './CategoryPicker';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SEARCH = '/webapi/model/product_category/do/search';
const ELECTRONICS = 'CatElectronics01';
const CHIPS = 'CatChips00000001';
const MEMORY = 'CatMemory0000001';
const TOYS = 'CatToys000000001';
const RETIRED = 'CatRetired000001';

const row = (sid: string, name: string, parent: string | null, extra: Record<string, unknown> = {}): ModelRow => ({
  sid,
  version: 1,
  name,
  name_en: null,
  code: sid.slice(3, 8),
  parent_category: parent,
  sort_order: 0,
  status: 'valid',
  ...extra,
});

const rows = [
  row(TOYS, '玩具', null, { sort_order: 2 }),
  row(MEMORY, '存储器', CHIPS),
  row(ELECTRONICS, '电子', null, { sort_order: 1, name_en: 'Electronics' }),
  row(CHIPS, '半导体', ELECTRONICS, { name_en: 'Semiconductors' }),
];

function webapi(): Responder {
  return (request, response) => {
    if (request.url === SEARCH) {
      const { cursor } = JSON.parse(request.body) as { cursor?: string };
      // Two pages: the walk follows the cursor.
      return cursor === 'page-2'
        ? answer({ rows: rows.slice(2) })(request, response)
        : answer({ rows: rows.slice(0, 2), next_cursor: 'page-2' })(request, response);
    }
    if (request.url === `/webapi/model/product_category/${RETIRED}`)
      return answer(row(RETIRED, '停用分类', null, { status: 'invalid' }))(request, response);
    return notFound(request, response);
  };
}

const page = pageTest(webapi(), { companies: [] });
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const field = (extra: FieldExtra = {}) =>
  schemaField('product_line', '产品线', {
    kind: 'productCategory',
    data_type: 'ref',
    target: 'product_category',
    ...extra,
  });

function Harness({ extra, initial, seen }: { extra?: FieldExtra; initial?: unknown; seen: unknown[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <CategoryPicker
      field={field(extra)}
      model="patent"
      value={value}
      testId="category"
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

async function mount(extra: FieldExtra = {}, initial?: unknown) {
  const seen: unknown[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={ANTD_LOCALES['zh-CN']}>
          <QueryClientProvider client={client}>
            <Harness extra={extra} initial={initial} seen={seen} />
          </QueryClientProvider>
        </ConfigProvider>
      </I18nextProvider>,
    ),
  );
  return { container, seen };
}

async function open(container: HTMLElement) {
  await act(async () => {
    container.querySelector('.ant-select-selector')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
}

const items = () => [...document.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')];
const item = (text: string) => {
  const found = items().find((candidate) => candidate.textContent === text);
  if (!found)
    throw new Error(
      `no cascader item ${text}: ${items()
        .map((i) => i.textContent)
        .join(', ')}`,
    );
  return found;
};

describe('the category tree', () => {
  it('puts categories under their parents in sort order, with paths in the reader’s language', () => {
    const tree = buildCategoryTree('product_category', rows, 'zh-CN');
    expect(tree.roots.map((node) => node.title)).toEqual(['电子', '玩具']);
    expect(tree.bySid.get(MEMORY)).toMatchObject({
      path: '电子 / 半导体 / 存储器',
      sids: [ELECTRONICS, CHIPS, MEMORY],
    });
    const en = buildCategoryTree('product_category', rows, 'en');
    expect(en.bySid.get(MEMORY)?.path).toBe('Electronics / Semiconductors / 存储器');
    // A category whose parent was not read (invalid, or out of scope) stands at the top.
    const orphan = buildCategoryTree('product_category', [row(MEMORY, '存储器', CHIPS)], 'zh-CN');
    expect(orphan.roots.map((node) => node.sid)).toEqual([MEMORY]);
    expect(categoryMatches(tree.bySid.get(CHIPS)!, 'semi')).toBe(true);
    expect(categoryMatches(tree.bySid.get(CHIPS)!, '玩')).toBe(false);
  });
});

describe('the category cascader', { timeout: 30_000 }, () => {
  it('reads the valid categories page by page, picks any level and shows the chosen path', async () => {
    const { container, seen } = await mount();
    await waitUntil(() => page.sent(SEARCH).length === 2);
    const bodies = page.sent(SEARCH).map((request) => JSON.parse(request.body) as { iql: string; cursor?: string });
    expect(bodies[0]!.iql).toBe("(status IS NULL OR status NOT IN ('invalid'))");
    expect(() => parseIql(bodies[0]!.iql)).not.toThrow();
    expect(bodies[1]!.cursor).toBe('page-2');

    await open(container);
    await waitUntil(() => items().length === 2);
    expect(items().map((i) => i.textContent)).toEqual(['电子', '玩具']);
    await click(item('电子'));
    // A category with subcategories may be chosen itself; its children open.
    expect(seen.at(-1)).toBe(ELECTRONICS);
    await waitUntil(() => items().some((i) => i.textContent === '半导体'));
    await click(item('半导体'));
    await waitUntil(() => items().some((i) => i.textContent === '存储器'));
    await click(item('存储器'));
    expect(seen.at(-1)).toBe(MEMORY);
    await waitUntil(() => container.textContent?.includes('电子 / 半导体 / 存储器') ?? false);
  });

  it('finds a category by name at any depth', async () => {
    const { container, seen } = await mount();
    await waitUntil(() => page.sent(SEARCH).length === 2);
    await open(container);
    await typeInto(container.querySelector('input') as HTMLInputElement, '半导');
    await waitUntil(() => items().length > 0);
    const paths = items().map((i) => i.textContent);
    expect(paths).toContain('电子 / 半导体');
    expect(paths.some((path) => path?.includes('玩具'))).toBe(false);
    await click(items().find((i) => i.textContent === '电子 / 半导体')!);
    expect(seen.at(-1)).toBe(CHIPS);
  });

  it('gives several sids for a multiple field, and keeps showing a chosen category no longer offered', async () => {
    const { container, seen } = await mount({ multiple: true }, [RETIRED]);
    await waitUntil(() => container.textContent?.includes('停用分类') ?? false);
    await open(container);
    const nodes = () => [...document.querySelectorAll<HTMLElement>('.ant-select-tree-node-content-wrapper')];
    const node = (text: string) => nodes().find((candidate) => candidate.textContent === text);
    await waitUntil(() => node('半导体') !== undefined);
    // Each category is chosen on its own: a subcategory does not stand for its parent, nor a parent for its children.
    await click(node('半导体')!);
    expect(seen.at(-1)).toEqual([RETIRED, CHIPS]);
    await click(node('电子')!);
    expect(seen.at(-1)).toEqual([RETIRED, CHIPS, ELECTRONICS]);
    // Chosen ones read as their paths.
    await waitUntil(() => container.textContent?.includes('电子 / 半导体') ?? false);
    await typeInto(container.querySelector('input') as HTMLInputElement, '存储');
    await waitUntil(() => node('存储器') !== undefined && node('玩具') === undefined);
    await click(node('存储器')!);
    expect(seen.at(-1)).toEqual([RETIRED, CHIPS, ELECTRONICS, MEMORY]);
  });
});
