// The one database interface the app uses, over either engine: PGlite (embedded PostgreSQL in
// WASM, the default) or a PostgreSQL server (DATABASE_URL). Same SQL dialect on both.
export type SqlValue = string | number | boolean | null | Date | Uint8Array | readonly unknown[] | object;

export interface Queryable {
  /** One statement with bound parameters ($1, $2, …); returns the rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type Engine = 'pglite' | 'postgres';

/** Channels the server listens on; triggers NOTIFY them (ipdesk_auth: migration 0016). */
export const NOTIFY_CHANNELS = ['ipdesk_auth'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** Handlers of NOTIFY messages, by channel; each engine feeds it what its connections receive. */
export class Notifications {
  private readonly handlers = new Map<string, Set<() => void>>();

  on(channel: NotifyChannel, handler: () => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  emit(channel: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler();
  }
}

export interface Database extends Queryable {
  readonly engine: Engine;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls handler for every NOTIFY on the channel from any server on this database. A write made
   * through this Database is reported before its statement (or its transaction's COMMIT) resolves.
   * Returns the function that stops it.
   */
  onNotify(channel: NotifyChannel, handler: () => void): () => void;
  close(): Promise<void>;
}
