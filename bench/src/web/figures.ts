// Pure arithmetic of the web benchmark: what one visit fetched (bytes as sent, requests), and the median
// of three runs per page as the table prints it. No browser here, so it is unit-tested on its own.

/** One fetched resource as the page's Resource Timing saw it (the document included). */
export interface Fetched {
  url: string;
  /** Bytes that crossed the wire, headers included; 0 when answered from the cache. */
  transferSize: number;
  /** The body as sent (compressed when it was). */
  encodedBodySize: number;
  /** 304 when the cache revalidated it; 0 when unknown. */
  responseStatus: number;
}

export interface Sent {
  /** Bodies of scripts and stylesheets fetched from the network, as sent. */
  jsCssBytes: number;
  /** Bodies of everything fetched from the network, as sent. */
  totalBytes: number;
  /** Requests that went to the server (revalidations included); cache hits are not requests. */
  requests: number;
}

const isJsOrCss = (url: string): boolean => /\.(m?js|css)(\?|$)/.test(new URL(url).pathname);

/** What a visit fetched: a cache hit sends nothing, a 304 sends no body. */
export function sentBy(fetched: readonly Fetched[]): Sent {
  let jsCssBytes = 0;
  let totalBytes = 0;
  let requests = 0;
  for (const item of fetched) {
    if (item.transferSize === 0) continue;
    requests += 1;
    const body = item.responseStatus === 304 ? 0 : item.encodedBodySize;
    totalBytes += body;
    if (isJsOrCss(item.url)) jsCssBytes += body;
  }
  return { jsCssBytes, totalBytes, requests };
}

/** The median of the values that were measured (undefined: the run never saw it); NaN when none was. */
export function median(values: ReadonlyArray<number | undefined>): number {
  const known = values.filter((v): v is number => v !== undefined && Number.isFinite(v)).sort((a, b) => a - b);
  if (known.length === 0) return Number.NaN;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

/** Milliseconds as the tables print them: whole numbers, "—" for nothing measured. */
export function ms(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '—' : String(Math.round(value));
}

/** Runs of one figure, e.g. "812 / 790 / 905". */
export function runs(values: ReadonlyArray<number | undefined>): string {
  return values.map(ms).join(' / ');
}

export function kb(bytes: number): string {
  return Number.isFinite(bytes) ? (bytes / 1024).toFixed(1) : '—';
}

/** "yes" when the figure is within the target, "NO" when not, "—" when nothing was measured. */
export function met(value: number, target: number | undefined): string {
  if (target === undefined || !Number.isFinite(value)) return '—';
  return value <= target ? 'yes' : 'NO';
}
