import { describe, expect, it } from 'vitest';
import { mainThreadProfile, type TraceEvent } from './trace.js';

const span = (name: string, ts: number, dur: number, tid = 1): TraceEvent => ({ name, ph: 'X', ts, dur, pid: 7, tid });
const start: TraceEvent = {
  name: 'navigationStart',
  ph: 'R',
  ts: 1_000_000,
  pid: 7,
  tid: 1,
  args: { data: { documentLoaderURL: 'http://h/ip/model/patent' } },
};

describe('mainThreadProfile', () => {
  it('counts top-level tasks as busy and gives each event its self time, within the window', () => {
    const events = [
      start,
      // 10–30 ms: a task running script (15 ms) that lays out for 5 ms.
      span('RunTask', 1_010_000, 20_000),
      span('FunctionCall', 1_012_000, 15_000),
      span('Layout', 1_020_000, 5_000),
      // Another thread's work is not the page's main thread.
      span('RunTask', 1_010_000, 50_000, 2),
      // 90–110 ms: half of it inside the window.
      span('RunTask', 1_090_000, 20_000),
    ];
    const profile = mainThreadProfile(events, 'http://h/ip/model/patent', 0, 100);
    expect(profile.busyMs).toBe(30);
    expect(profile.top).toEqual([
      { name: 'RunTask', selfMs: 15 },
      { name: 'FunctionCall', selfMs: 10 },
      { name: 'Layout', selfMs: 5 },
    ]);
  });

  it('answers NaN when the trace holds no navigation to the page', () => {
    expect(mainThreadProfile([start, span('RunTask', 0, 10)], 'http://h/ip/login', 0, 100).busyMs).toBeNaN();
  });
});
