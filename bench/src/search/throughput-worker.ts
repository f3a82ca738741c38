// Runs autocannon in its own process (forked by throughput.ts), so the load generator shares neither
// the server's event loop nor its garbage collector. Receives one job, answers one result.
import autocannon from 'autocannon';
import type { ThroughputJob, ThroughputResult } from './throughput.js';

process.once('message', async (job: ThroughputJob) => {
  let next = 0;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    method: job.method,
    headers: job.headers,
    ...(job.body === undefined ? {} : { body: job.body }),
    // GET by sid walks a list of records, so the run is not one cached row.
    ...(job.paths?.length
      ? {
          requests: [{ setupRequest: (request) => ({ ...request, path: job.paths![next++ % job.paths!.length]! }) }],
        }
      : {}),
  });
  const answer: ThroughputResult = {
    requestsPerSecond: result.requests.total / result.duration,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
  process.send?.(answer, () => process.exit(0));
});
