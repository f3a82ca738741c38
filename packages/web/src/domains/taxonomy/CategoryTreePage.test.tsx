// A category tree's admin page, rendered with the real App at /model/product_category against a real HTTP
// server playing {webapi}: the tree of every category (invalid ones marked), found by name; a subcategory
// added under a node, a category edited, moved under another ("move under…" offers neither the node nor its
// own subcategories), set invalid and deleted — each sending the generic record call with the version
// read; the server's refusal (a delete while subcategories remain) shown in the user's language; the
// generic list still at ?view=list; buttons the abilities deny absent.
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ModelAbilities, ModelSchema } from '../../api/model';
import type { ReceivedRequest, Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, refuse } from '../../testing/page-test';
import { click, typeInto } from '../../testing/render';
import { fieldMaker, systemField } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';
import { filterCategories } from './CategoryTreePage';
import { buildCategoryTree } from '../../models/fields/pickers/category-tree';

const ELECTRONICS = 'CatElectronics01';
const CHIPS = 'CatChips00000001';
const TOYS = 'CatToys000000001';
const OLD = 'CatOld0000000001';
const CHILD_REFUSAL = '“电子”下还有 1 个下级分类，请先删除或移走它们';

let abilities: ModelAbilities;
const field = fieldMaker({ max_length: 100 });

function schema(): ModelSchema {
  return {
    name: 'product_category',
    label: '产品分类',
    title_field: 'name',
    abilities,
    fields: [
      systemField('sid', '编号'),
      systemField('version', '版本', { kind: 'number', data_type: 'integer' }),
      field('name', '名称', { required: true, flags: { tableColumn: true } }),
      field('name_en', '英文名称'),
      field('code', '编码', { required: true, flags: { tableColumn: true } }),
      field('parent_category', '上级分类', {
        kind: 'productCategory',
        data_type: 'ref',
        target: 'product_category',
      }),
      field('sort_order', '排序', { kind: 'number', data_type: 'decimal' }),
      field('status', '状态', { kind: 'option', data_type: 'key', options: [] }),
      field('description', '描述', { kind: 'longText', data_type: 'text' }),
    ],
  };
}

const row = (sid: string, name: string, code: string, parent: string | null, status = 'valid') => ({
  sid,
  version: 2,
  name,
  name_en: null,
  code,
  parent_category: parent,
  sort_order: 0,
  status,
});

const rows = [
  row(ELECTRONICS, '电子', 'E', null),
  row(CHIPS, '半导体', 'E-1', ELECTRONICS),
  row(TOYS, '玩具', 'T', null),
  row(OLD, '旧分类', 'O', TOYS, 'invalid'),
];

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  switch (path) {
    case '/webapi/model/product_category/do/schema':
      return send(schema());
    case '/webapi/model/product_category/do/search':
      return send({ rows, total: rows.length });
    case '/webapi/model/product_category/do/create':
      return send({ ...row('CatNew0000000001', '存储器', 'E-2', ELECTRONICS), version: 1 });
    case '/webapi/model/product_category/do/update':
      return send(rows[0]);
    case `/webapi/model/product_category/do/delete/${ELECTRONICS}`:
      return refuse(409, 409921, CHILD_REFUSAL)(request, response);
    case `/webapi/model/product_category/do/delete/${CHIPS}`:
      return send({});
    case '/webapi/model/user_define_config/do/search_header':
      return send({ columns: null });
    case '/webapi/model/user_define_config/do/search':
      return send([]);
    default:
      return notFound(request, response);
  }
}

const page = pageTest(webapi);
beforeEach(() => {
  abilities = { create: true, update: true, delete: true, import: true, export: true };
  localStorage.removeItem('my-menus');
});

const nodeOf = (code: string) => document.querySelector<HTMLElement>(`[data-testid="category-node-${code}"]`);
const within = (code: string, testId: string) => nodeOf(code)!.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
const bodies = (path: string) => page.sent(path).map((request) => JSON.parse(request.body) as Record<string, unknown>);
const titles = () => [...document.querySelectorAll('[data-testid="category-title"]')].map((el) => el.textContent);

async function openTree() {
  const rendered = await page.open('/model/product_category');
  await waitUntil(() => nodeOf('E-1') !== null);
  return rendered.container;
}

async function fill(testId: string, value: string) {
  await typeInto(document.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)!, value);
}

describe('the category tree', () => {
  it('keeps a node’s subtree when it matches, and the ancestors of a match', () => {
    const tree = buildCategoryTree('product_category', rows, 'zh-CN');
    expect(filterCategories(tree.roots, '半导').map((n) => [n.title, n.children.map((c) => c.title)])).toEqual([
      ['电子', ['半导体']],
    ]);
    expect(filterCategories(tree.roots, '玩具')[0]!.children.map((c) => c.title)).toEqual(['旧分类']);
  });
});

describe('the category admin page', { timeout: 30_000 }, () => {
  it('shows the tree with invalid categories marked, and finds by name', async () => {
    const container = await openTree();
    expect(titles()).toEqual(['电子', '半导体', '玩具', '旧分类']);
    expect(nodeOf('O')!.querySelector('.ant-tag')?.textContent).toBe('无效');
    expect(nodeOf('E')!.querySelector('.ant-tag')).toBeNull();
    // The tree reads every category (invalid ones too).
    expect(bodies('/webapi/model/product_category/do/search')[0]).not.toHaveProperty('iql');
    await typeInto(
      container.querySelector<HTMLInputElement>(
        '[data-testid="category-search"] input, input[data-testid="category-search"]',
      )!,
      '半导',
    );
    await waitUntil(() => titles().length === 2);
    expect(titles()).toEqual(['电子', '半导体']);
    expect(container.querySelector('a[href$="/model/product_category?view=list"]')).not.toBeNull();
  });

  it('adds a subcategory, edits, moves, sets invalid, and shows the server’s refusal of a delete', async () => {
    await openTree();
    await click(within('E', 'category-add-child'));
    await waitUntil(() => document.querySelector('[data-testid="category-name"]') !== null);
    expect(document.body.textContent).toContain('上级：电子');
    await fill('category-name', '存储器');
    await fill('category-code', 'E-2');
    await click(document.querySelector<HTMLElement>('[data-testid="category-save"]')!);
    await waitUntil(() => bodies('/webapi/model/product_category/do/create').length === 1);
    expect(bodies('/webapi/model/product_category/do/create')[0]).toEqual({
      data: {
        name: '存储器',
        name_en: null,
        code: 'E-2',
        sort_order: 0,
        description: null,
        parent_category: ELECTRONICS,
      },
    });
    await waitUntil(() => document.querySelector('[data-testid="category-name"]') === null);

    await click(within('E-1', 'category-edit'));
    await waitUntil(() => document.querySelector('[data-testid="category-name"]') !== null);
    expect(document.querySelector<HTMLInputElement>('[data-testid="category-name"]')!.value).toBe('半导体');
    await fill('category-name', '芯片');
    await click(document.querySelector<HTMLElement>('[data-testid="category-save"]')!);
    await waitUntil(() => bodies('/webapi/model/product_category/do/update').length === 1);
    expect(bodies('/webapi/model/product_category/do/update')[0]).toMatchObject({
      sid: CHIPS,
      version: 2,
      data: { name: '芯片', code: 'E-1' },
    });
    await waitUntil(() => document.querySelector('[data-testid="category-name"]') === null);

    // Move under…: neither itself nor its own subcategories are offered.
    await click(within('E', 'category-move'));
    const target = await (async () => {
      await waitUntil(() => document.querySelector('[data-testid="category-move-target"]') !== null);
      return document.querySelector<HTMLElement>('[data-testid="category-move-target"]')!;
    })();
    await act(async () => {
      (target.querySelector('.ant-select-selector') ?? target)?.dispatchEvent(
        new MouseEvent('mousedown', { bubbles: true }),
      );
    });
    const options = () =>
      [...document.querySelectorAll<HTMLElement>('.ant-select-tree-node-content-wrapper')].map((el) => el.textContent);
    await waitUntil(() => options().includes('玩具'));
    expect(options()).not.toContain('电子');
    expect(options()).not.toContain('半导体');
    const toys = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-node-content-wrapper')].find(
      (el) => el.textContent === '玩具',
    )!;
    await click(toys);
    await click(document.querySelector<HTMLElement>('[data-testid="category-move-save"]')!);
    await waitUntil(() => bodies('/webapi/model/product_category/do/update').length === 2);
    expect(bodies('/webapi/model/product_category/do/update')[1]).toEqual({
      sid: ELECTRONICS,
      version: 2,
      data: { parent_category: TOYS },
    });

    await click(within('T', 'category-status'));
    await waitUntil(() => bodies('/webapi/model/product_category/do/update').length === 3);
    expect(bodies('/webapi/model/product_category/do/update')[2]).toEqual({
      sid: TOYS,
      version: 2,
      data: { status: 'invalid' },
    });
    expect(within('O', 'category-status').textContent).toBe('设为有效');

    // Delete: confirmed, sent with the version; the server's refusal reaches the user.
    await click(within('E', 'category-delete'));
    await waitUntil(() => document.querySelector('.ant-popconfirm .ant-btn-primary') !== null);
    await click(document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary')!);
    await waitUntil(() => page.sent(`/webapi/model/product_category/do/delete/${ELECTRONICS}`).length === 1);
    expect(bodies(`/webapi/model/product_category/do/delete/${ELECTRONICS}`)[0]).toEqual({ version: 2 });
    await waitUntil(() => document.querySelector('[data-testid="category-notice"]')?.textContent === CHILD_REFUSAL);
  });

  it('offers no writes the abilities deny', async () => {
    abilities = { create: false, update: false, delete: false, import: false, export: false };
    await openTree();
    await settle();
    expect(document.querySelector('[data-testid="category-add-root"]')).toBeNull();
    for (const id of ['category-add-child', 'category-edit', 'category-move', 'category-status', 'category-delete'])
      expect(document.querySelector(`[data-testid="${id}"]`)).toBeNull();
  });
});
