// Requests per second at a given number of connections, measured by autocannon in a child process.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ThroughputJob {
  url: string;
  connections: number;
  seconds: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** For GET: paths taken in turn instead of the URL's own. */
  paths?: string[];
}

export interface ThroughputResult {
  requestsPerSecond: number;
  total: number;
  non2xx: number;
  errors: number;
  latencyP50: number;
  latencyP99: number;
}

const WORKER = fileURLToPath(new URL('./throughput-worker.ts', import.meta.url));

export function throughput(job: ThroughputJob): Promise<ThroughputResult> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: ThroughputResult | undefined;
    child.once('message', (message: ThroughputResult) => (result = message));
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`throughput process exited with ${code} and no result`)),
    );
    child.send(job);
  });
}
