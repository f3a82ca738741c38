// scratch (deleted before finishing): CPU profile of a no-change recompute on the small database.
import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '@ipdesk/server';
import { recomputeTenant } from '../../../packages/server/dist/modules/patents/recompute.js';
const server = await startServer({
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'h6-')),
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.DATABASE_URL,
  },
  logStream: new Writable({ write: (_c, _e, done) => done() }),
});
const t0 = performance.now();
const r = await recomputeTenant(server.db, {
  tenantSid: server.demo.tenant.sid,
  now: new Date(),
  timeZone: server.config.timeZone,
  actorSid: null,
  ...(process.env.BATCH ? { batchSize: Number(process.env.BATCH) } : {}),
});
console.log(JSON.stringify(r), performance.now() - t0);
await server.close();
