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

export interface Database extends Queryable {
  readonly engine: Engine;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
