// Records the SQL the in-process server sends (text, bound values, time) by wrapping its database
// handle's query function: the exact statements to replay directly, and where a request's time goes.
import type { Database } from '@ipdesk/server';

export interface TracedQuery {
  sql: string;
  params: readonly unknown[];
  ms: number;
}

export interface QueryTracer {
  /** Runs `work` and returns what it did and the statements the server ran meanwhile. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; queries: TracedQuery[] }>;
  restore(): void;
}

export function traceQueries(db: Database): QueryTracer {
  const original = db.query;
  let recording: TracedQuery[] | undefined;
  const traced: Database['query'] = async <Row>(sql: string, params?: Parameters<Database['query']>[1]) => {
    const started = performance.now();
    try {
      return await original.call<Database, [string, typeof params], Promise<Row[]>>(db, sql, params);
    } finally {
      recording?.push({ sql, params: params ?? [], ms: performance.now() - started });
    }
  };
  db.query = traced;
  return {
    async during(work) {
      const queries: TracedQuery[] = [];
      recording = queries;
      try {
        return { result: await work(), queries };
      } finally {
        recording = undefined;
      }
    },
    restore() {
      db.query = original;
    },
  };
}
