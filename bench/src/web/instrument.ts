// Injected into every page before the app's own scripts: records, in the page's clock (milliseconds since
// navigation started), the first moment each thing a user waits for is in the DOM. A MutationObserver runs
// before the browser paints, so the figures are "in the DOM", at most a frame before "on screen".
// After arm(iql) the marks start again from the next click, and count only once the list shows that query.

export type Mark = 'password' | 'firstRow' | 'estimate' | 'exact' | 'detail';

export interface PageMarks {
  marks: Partial<Record<Mark, number>>;
  /** When the armed search was clicked (page clock); undefined when not armed. */
  clickedAt?: number;
}

export const INSTRUMENT = `(() => {
  performance.setResourceTimingBufferSize(5000);
  const bench = { marks: {}, armed: undefined, clickedAt: undefined };
  window.__bench = bench;
  const mark = (name) => {
    if (bench.marks[name] === undefined) bench.marks[name] = performance.now();
  };
  const check = () => {
    const password = document.querySelector('[data-testid="login-password"]');
    if (password && !password.disabled) mark('password');
    if (document.querySelector('[data-testid="detail-title"]')) mark('detail');
    const table = document.querySelector('[data-testid="model-table"]');
    if (!table) return;
    if (bench.armed !== undefined) {
      if (bench.clickedAt === undefined) return;
      const shown = document.querySelector('[data-testid="current-iql"]');
      if (!shown || !shown.textContent.includes(bench.armed)) return;
    }
    const rows = table.querySelector('tbody tr.ant-table-row');
    const busy = table.querySelector('.ant-spin-spinning, [data-testid="list-skeleton"]');
    if (rows && !busy) mark('firstRow');
    const total = document.querySelector('[data-testid="list-total"]');
    const estimated = total && total.getAttribute('data-estimated');
    if (estimated === 'true') mark('estimate');
    if (estimated === 'false') { mark('estimate'); mark('exact'); }
  };
  bench.arm = (iql) => {
    bench.marks = {};
    bench.armed = iql;
    bench.clickedAt = undefined;
  };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-testid="iql-search"]') : null;
    if (target && bench.armed !== undefined && bench.clickedAt === undefined) bench.clickedAt = performance.now();
  }, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

/** Page expressions (the benchmark compiles without DOM types, so they are text). */
export const READ_MARKS = `({ marks: window.__bench.marks, clickedAt: window.__bench.clickedAt })`;

/** The page's global as the injected script extends it. */
export interface BenchGlobal {
  __bench: PageMarks;
}

export const armFor = (iql: string): string => `window.__bench.arm(${JSON.stringify(iql)})`;

/** Every fetch of the page (the document first), and the API requests' timings. */
export const READ_FETCHED = `(() => {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return {
    fetched: entries.map((e) => ({
      url: e.name,
      transferSize: e.transferSize,
      encodedBodySize: e.encodedBodySize,
      responseStatus: e.responseStatus || 0,
    })),
    api: entries
      .filter((e) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, wait: e.responseStart - e.requestStart, end: e.responseEnd })),
    quietMs: Math.max(...entries.map((e) => e.responseEnd)),
  };
})()`;
