// The server of the concurrent-import benchmark, in its own process so that its memory (RSS) is
// measured alone: starts the quiet bench server with one user, prints its URL as one JSON line, and
// stops when its parent closes stdin.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchServer } from './bench-server.js';

const { server, close } = await startBenchServer('imports', { tenantAdmin: true });
process.stdout.write(`${JSON.stringify({ url: server.url, engine: server.db.engine })}\n`);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
if (process.env.TRACE) {
  const ticker = setInterval(() => {
    if (delay.max > 300e6)
      process.stderr.write(
        `[${(performance.now() / 1000).toFixed(2)}] loop blocked ${(delay.max / 1e6).toFixed(0)} ms\n`,
      );
    delay.reset();
  }, 1000);
  ticker.unref();
  // Where the memory is: V8's heap (used / reserved), memory held outside it (buffers), and the RSS.
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  const memory = setInterval(() => {
    const m = process.memoryUsage();
    process.stderr.write(
      `[${(performance.now() / 1000).toFixed(2)}] rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} external ${mb(m.external)} buffers ${mb(m.arrayBuffers)} MB\n`,
    );
  }, 5000);
  memory.unref();
}
process.stdin.resume();
process.stdin.on('end', () => {
  void close().then(() => process.exit(0));
});
