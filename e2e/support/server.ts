// The real IPDesk server (built: npm run build) on a free port with a fresh data folder, serving the
// built web app under the base path.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@ipdesk/server';

const webIndex = fileURLToPath(new URL('../../packages/web/dist/index.html', import.meta.url));

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  basePath: string;
  /** The address of an app route, e.g. appUrl('404') → http://127.0.0.1:41234/ip/404 */
  appUrl(route?: string): string;
  close(): Promise<void>;
}

export async function startTestServer(basePath = '/ip/'): Promise<TestServer> {
  if (!existsSync(webIndex)) throw new Error(`${webIndex} is missing: run "npm run build" before the e2e tests`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipdesk-e2e-'));
  try {
    const server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BASE_PATH: basePath, LOG_LEVEL: 'warn' },
    });
    return {
      url: server.url,
      basePath,
      appUrl: (route = '') => `${server.url}${basePath}${route.replace(/^\//, '')}`,
      async close() {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
