// Fixed-window request limits per key (an IP, a tenant) held in this process's memory. With several
// app servers each keeps its own count, which still bounds abuse per server; the per-account lockout
// lives in the database and holds across servers.
export class RateLimiter {
  private readonly windows = new Map<string, { started: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one hit; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || now - current.started >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.prune(now);
      this.windows.set(key, { started: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= this.limit;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.started >= this.windowMs) this.windows.delete(key);
    // Still full (a flood of distinct keys): drop the oldest half rather than grow without bound.
    if (this.windows.size >= this.maxKeys) {
      const keys = [...this.windows.keys()];
      for (const key of keys.slice(0, keys.length / 2)) this.windows.delete(key);
    }
  }
}
