// Where a page's main thread spends a window of time, from a Chromium trace (BENCH_TRACE=1 traces one cold
// visit of the patent list): busy time (top-level tasks) and the events with the most self time, so a wait
// that is the page's own work (script, style, layout) tells itself apart from one spent on the network.

/** The fields of a Chrome trace event this reads (JSON Trace Event Format). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

export interface MainThreadProfile {
  /** Time inside top-level tasks during the window (ms). */
  busyMs: number;
  /** Events by self time (their time minus that of events nested in them), most first (ms). */
  top: Array<{ name: string; selfMs: number }>;
}

/** The renderer main thread of the page: where the navigation to `url` started (the trace's clock, µs). */
function mainThread(
  events: readonly TraceEvent[],
  url: string,
): { pid: number; tid: number; startUs: number } | undefined {
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  return start && { pid: start.pid, tid: start.tid, startUs: start.ts };
}

/** Main-thread work between `fromMs` and `toMs` after the navigation to `url` started (the page's clock). */
export function mainThreadProfile(
  events: readonly TraceEvent[],
  url: string,
  fromMs: number,
  toMs: number,
  top = 6,
): MainThreadProfile {
  const main = mainThread(events, url);
  if (!main) return { busyMs: Number.NaN, top: [] };
  const from = main.startUs + fromMs * 1000;
  const to = main.startUs + toMs * 1000;
  const spans = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
    .filter((e) => e.ts < to && e.ts + (e.dur ?? 0) > from)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const clip = (e: TraceEvent) => Math.max(0, Math.min(to, e.ts + (e.dur ?? 0)) - Math.max(from, e.ts));
  let busy = 0;
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const e of spans) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (!parent) busy += clip(e);
    else self.set(parent.name, (self.get(parent.name) ?? 0) - clip(e));
    self.set(e.name, (self.get(e.name) ?? 0) + clip(e));
    stack.push(e);
  }
  return {
    busyMs: busy / 1000,
    top: [...self]
      .map(([name, us]) => ({ name, selfMs: us / 1000 }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top),
  };
}
