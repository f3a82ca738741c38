// The real IPDesk server (built: npm run build) on a free port with its own data folder, serving the
// built web app under the base path; optionally sending mail to a test SMTP server.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '@ipdesk/server';
import { inject } from 'vitest';

const webIndex = fileURLToPath(new URL('../../packages/web/dist/index.html', import.meta.url));

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  basePath: string;
  /** The address of an app route, e.g. appUrl('404') → http://127.0.0.1:41234/ip/404 */
  appUrl(route?: string): string;
  db: RunningServer['db'];
  /** The demo tenant created at first start; its root company's sid is the tenant's sid. */
  tenantSid: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  basePath?: string;
  /** smtp://127.0.0.1:<port> of a test mail server. */
  smtpUrl?: string;
}

export async function startTestServer(options: TestServerOptions | string = {}): Promise<TestServer> {
  const { basePath = '/ip/', smtpUrl } = typeof options === 'string' ? { basePath: options } : options;
  if (!existsSync(webIndex)) throw new Error(`${webIndex} is missing: run "npm run build" before the e2e tests`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ipdesk-e2e-'));
  try {
    // A copy of the folder the global setup prepared: its own database, already migrated, with the demo tenant.
    await cp(inject('serverDataTemplate'), dataDir, { recursive: true });
    const server = await startServer({
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        BASE_PATH: basePath,
        LOG_LEVEL: 'warn',
        // The test mail servers listen on 127.0.0.1: tenants' mail settings may point there in tests.
        SMTP_ALLOW_INTERNAL_HOSTS: 'true',
        ...(smtpUrl && { SMTP_URL: smtpUrl }),
      },
    });
    return {
      url: server.url,
      basePath,
      appUrl: (route = '') => `${server.url}${basePath}${route.replace(/^\//, '')}`,
      db: server.db,
      tenantSid: server.demo.tenant.sid,
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
