// Before the browser tests, once per run: start the built server on an empty data folder (initdb of the
// embedded engine, migrations, the demo tenant) and stop it; each test file's server then starts on a copy of
// that folder (support/server.ts), which skips those steps (several seconds per file on the CI machine).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '@ipdesk/server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder with a migrated database and the demo tenant, to copy for each test server. */
    serverDataTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipdesk-e2e-template-'));
  const server = await startServer({
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  await server.close();
  project.provide('serverDataTemplate', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
