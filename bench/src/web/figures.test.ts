import { describe, expect, it } from 'vitest';
import { median, met, runs, sentBy, type Fetched } from './figures.js';

const item = (url: string, transferSize: number, encodedBodySize: number, responseStatus = 200): Fetched => ({
  url,
  transferSize,
  encodedBodySize,
  responseStatus,
});

describe('sentBy', () => {
  it('counts bodies fetched from the network, scripts and stylesheets apart', () => {
    const sent = sentBy([
      item('http://h/ip/login', 900, 600),
      item('http://h/ip/assets/index-abc.js', 50_300, 50_000),
      item('http://h/ip/assets/index-abc.css?v=1', 2_300, 2_000),
      item('http://h/webapi/model/patent/do/search', 3_400, 3_000),
    ]);
    expect(sent).toEqual({ jsCssBytes: 52_000, totalBytes: 55_600, requests: 4 });
  });

  it('counts nothing for cache hits and no body for a revalidation', () => {
    const sent = sentBy([
      item('http://h/ip/model/patent', 310, 600, 304),
      item('http://h/ip/assets/index-abc.js', 0, 50_000),
      item('http://h/webapi/i18n/do/pack', 0, 30_000),
    ]);
    expect(sent).toEqual({ jsCssBytes: 0, totalBytes: 0, requests: 1 });
  });
});

describe('median', () => {
  it('takes the middle run, or the mean of the middle two', () => {
    expect(median([905, 812, 790])).toBe(812);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves out runs that never saw the figure', () => {
    expect(median([undefined, 300, 100])).toBe(200);
    expect(median([undefined])).toBeNaN();
  });
});

describe('table cells', () => {
  it('prints runs and whether a target is met', () => {
    expect(runs([812.4, undefined, 905.6])).toBe('812 / — / 906');
    expect(met(999, 1000)).toBe('yes');
    expect(met(1001, 1000)).toBe('NO');
    expect(met(Number.NaN, 1000)).toBe('—');
    expect(met(10, undefined)).toBe('—');
  });
});
