// The list page against a real HTTP server playing {webapi}, for what makes it feel fast: schema, saved
// columns and saved views asked for together; skeleton rows until the first rows; rows without waiting for
// the count, then the estimate ("约 420,000 条") and the exact count; next and previous pages by cursor,
// a far page number by offset.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/App';
import { prefetchListPage } from '../../models/list/list-early';
import { listRouteModel } from '../../models/list/list-route';
import { currentSession } from '../../session/store';
import { type ReceivedRequest, type Responder } from '../../testing/local-server';
import { answer, notFound, pageTest } from '../../testing/page-test';
import { modelSchema, schemaField } from '../../testing/schema-fixtures';
import { byTestId, click } from '../../testing/render';
import { settle, waitUntil } from '../../testing/wait';

const schema = modelSchema({
  fields: [schemaField('title', '专利名称', { max_length: 255, flags: { searchFilter: true, keyword: true } })],
});

/** Page n's rows (20 a page) and the cursor opening page n + 1. */
const pageRows = (n: number) =>
  Array.from({ length: 20 }, (_v, i) => ({
    sid: `P${n}R${String(i).padStart(13, '0')}`,
    version: 1,
    title: `p${n}-${i}`,
  }));

/** Answers held back by the test, by path: released when it says so. */
const held = new Map<string, Array<() => void>>();
const holding = new Set<string>();
let schemaWaitsForSettings = false;

function answerLater(path: string, responder: Responder): Responder {
  return (request, response) => {
    if (!holding.has(path)) return responder(request, response);
    held.set(path, [...(held.get(path) ?? []), () => responder(request, response)]);
  };
}

function release(path: string): void {
  holding.delete(path);
  for (const answer of held.get(path) ?? []) answer();
  held.delete(path);
}

const SEARCH = '/webapi/model/patent/do/search';
const COUNT = '/webapi/model/patent/do/count';
const HEADER = '/webapi/model/user_define_config/do/search_header';
const VIEWS = '/webapi/model/user_define_config/do/search';

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0]!;
  if (path === '/webapi/model/patent/do/schema') {
    if (!schemaWaitsForSettings) return answer(schema)(request, response);
    // Answered only once the saved columns and views were asked for: a page that waits for the schema
    // before asking for them never gets it.
    const timer = setInterval(() => {
      if (page.sent(HEADER).length && page.sent(VIEWS).length) {
        clearInterval(timer);
        answer(schema)(request, response);
      }
    }, 10);
    return;
  }
  if (path === HEADER) return answer({ columns: null })(request, response);
  if (path === VIEWS) return answer([])(request, response);
  if (path === SEARCH) {
    const body = JSON.parse(request.body) as { cursor?: string; page?: number };
    const n = body.cursor ? Number(body.cursor.slice(1)) : (body.page ?? 1);
    return answerLater(SEARCH, answer({ rows: pageRows(n), next_cursor: `c${n + 1}` }))(request, response);
  }
  if (path === COUNT) {
    const body = JSON.parse(request.body) as { estimate?: boolean };
    const total = body.estimate ? { total: 420_000, estimated: true } : { total: 419_876 };
    return answerLater(body.estimate ? `${COUNT}#estimate` : COUNT, answer(total))(request, response);
  }
  return notFound(request, response);
}

const searches = () => page.sent(SEARCH).map((request) => JSON.parse(request.body) as Record<string, unknown>);
const firstTitle = (container: HTMLElement) => byTestId(container, 'record-link').textContent;

const page = pageTest(webapi);
beforeEach(() => {
  holding.clear();
  held.clear();
  schemaWaitsForSettings = false;
});
afterEach(() => {
  for (const path of [...held.keys()]) release(path);
});

describe('the list page, rows first', { timeout: 30_000 }, () => {
  it('asks for the schema, saved columns and saved views together', async () => {
    schemaWaitsForSettings = true;
    const rendered = await page.open('/model/patent');
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="record-link"]') !== null);
    // Done once its counts are in (none left in flight for the next test's server log).
    await waitUntil(() => byTestId(container, 'list-total').textContent === '共 419,876 条');
  });

  it('shows skeleton rows, then the rows before any count, then the estimate, then the exact count', async () => {
    holding.add(SEARCH);
    holding.add(`${COUNT}#estimate`);
    holding.add(COUNT);
    const rendered = await page.open('/model/patent');
    const { container } = rendered;
    await waitUntil(() => page.sent(SEARCH).length === 1);
    expect(byTestId(container, 'list-skeleton').getAttribute('aria-label')).toBe('正在加载记录');
    // The pager holds its place while nothing is known.
    expect(container.querySelector('.ant-pagination')).not.toBeNull();
    expect(searches()[0]).toMatchObject({ total: false, page: 1, size: 20 });
    // No count while the rows are on their way.
    await settle();
    expect(page.sent(COUNT)).toHaveLength(0);

    release(SEARCH);
    await waitUntil(() => container.querySelector('[data-testid="record-link"]') !== null);
    expect(container.querySelector('[data-testid="list-skeleton"]')).toBeNull();
    expect(byTestId(container, 'list-total').textContent).toBe('正在统计…');
    await waitUntil(() => page.sent(COUNT).length === 1);
    expect(JSON.parse(page.sent(COUNT)[0]!.body)).toEqual({ estimate: true });

    release(`${COUNT}#estimate`);
    await waitUntil(() => byTestId(container, 'list-total').textContent === '约 420,000 条');
    await waitUntil(() => page.sent(COUNT).length === 2);
    expect(JSON.parse(page.sent(COUNT)[1]!.body)).toEqual({});

    release(COUNT);
    await waitUntil(() => byTestId(container, 'list-total').textContent === '共 419,876 条');
  });

  it('pages forward and back by cursor, and to a far page number by offset', async () => {
    const rendered = await page.open('/model/patent');
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="record-link"]') !== null);
    await waitUntil(() => byTestId(container, 'list-total').textContent === '共 419,876 条');
    const next = () => container.querySelector<HTMLElement>('.ant-pagination-next button')!;
    const previous = () => container.querySelector<HTMLElement>('.ant-pagination-prev button')!;

    await click(next());
    await waitUntil(() => firstTitle(container) === 'p2-0');
    expect(searches().at(-1)).toEqual({ size: 20, fl: ['title'], total: false, cursor: 'c2' });
    await click(next());
    await waitUntil(() => firstTitle(container) === 'p3-0');
    expect(searches().at(-1)).toMatchObject({ cursor: 'c3' });
    expect(searches().at(-1)).not.toHaveProperty('page');

    await click(previous());
    await waitUntil(() => firstTitle(container) === 'p2-0');
    // Counted once for the query, not per page.
    expect(page.sent(COUNT)).toHaveLength(2);

    const far = container.querySelector<HTMLElement>('.ant-pagination-item-5')!;
    await click(far);
    await waitUntil(() => firstTitle(container) === 'p5-0');
    expect(searches().at(-1)).toMatchObject({ page: 5, size: 20 });
    expect(searches().at(-1)).not.toHaveProperty('cursor');
    // Walking on from a page reached by offset uses the cursor it answered.
    await click(next());
    await waitUntil(() => firstTitle(container) === 'p6-0');
    expect(searches().at(-1)).toMatchObject({ cursor: 'c6' });
  });

  it('draws the rows an early fetch brought on its first render, asking for nothing again', async () => {
    const client = createQueryClient();
    const loginTime = currentSession()?.loginTime ?? 0;
    const first = await prefetchListPage(client, { model: 'patent', language: 'zh-CN', loginTime });
    expect(first).toEqual({ model: 'patent', iql: '', fl: ['title'], page: 1, size: 20 });
    expect(page.sent(SEARCH)).toHaveLength(1);
    expect(page.sent(COUNT)).toHaveLength(1);

    // Every answer the list needs is in: it mounts with its rows, no skeleton rows ever drawn.
    let skeletonSeen = false;
    const watch = new MutationObserver(() => {
      skeletonSeen ||= document.querySelector('[data-testid="list-skeleton"]') !== null;
    });
    watch.observe(document.body, { childList: true, subtree: true });
    const rendered = await page.open('/model/patent', { queryClient: client });
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="record-link"]') !== null);
    watch.disconnect();
    expect(skeletonSeen).toBe(false);
    expect(firstTitle(container)).toBe('p1-0');
    await waitUntil(() => byTestId(container, 'list-total').textContent === '共 419,876 条');
    // The same keys as the page's own queries: nothing fetched twice (the exact count is the page's).
    for (const path of ['/webapi/model/patent/do/schema', HEADER, VIEWS, SEARCH])
      expect(page.sent(path), path).toHaveLength(1);
    expect(page.sent(COUNT).map((request) => JSON.parse(request.body) as unknown)).toEqual([{ estimate: true }, {}]);
  });
});

describe('which list a location opens', () => {
  it('reads the model from model/:model under the base path, and nothing else', () => {
    expect(listRouteModel('/ip/model/patent', '/ip/')).toBe('patent');
    expect(listRouteModel('/ip/model/patent_task/', '/ip/')).toBe('patent_task');
    expect(listRouteModel('/ip/model/patent/P123', '/ip/')).toBeUndefined();
    expect(listRouteModel('/ip/model/patent/new', '/ip/')).toBeUndefined();
    expect(listRouteModel('/ip/', '/ip/')).toBeUndefined();
    expect(listRouteModel('/other/model/patent', '/ip/')).toBeUndefined();
    expect(listRouteModel('/ip/model/%E0%A4%A', '/ip/')).toBeUndefined();
  });
});
