// The server of the concurrent-import benchmark, in its own process so that its memory (RSS) is
// measured alone: starts the quiet bench server with one user, prints its URL as one JSON line, and
// stops when its parent closes stdin.
import { startBenchServer } from './bench-server.js';

const { server, close } = await startBenchServer('imports');
process.stdout.write(`${JSON.stringify({ url: server.url, engine: server.db.engine })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void close().then(() => process.exit(0));
});
