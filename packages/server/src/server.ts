// Starts IPDesk: configuration, database and migrations, demo seed, HTTP app; and stops it cleanly
// (stop taking requests, let running ones finish, then close the database).
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadConfig, type Config } from './config.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './http/app.js';
import { recomputeChangedPacks } from './domains/patents/recompute.js';
import { recomputeChangedDockets } from './platform/docket/recompute.js';
import { startWorkflowRunner } from './domains/workflow/engine/index.js';
import { startNotificationDispatcher } from './platform/notifications/delivery/runner.js';
import { seedDemo, type DemoSeed } from './seed/demo.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  demo: DemoSeed;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  logStream?: DestinationStream;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  const db = await openDatabase(config);
  try {
    const report = await migrate(db);
    const demo = await seedDemo(db);
    const app = await buildApp({ config, db, logStream: options.logStream });
    if (report.applied.length > 0) app.log.info({ applied: report.applied }, 'migrations applied');
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    app.accounts.listeningOrigin = url;
    // Cases computed with rule or fee packs that changed since are recomputed in the background; the
    // packs' fingerprints are recorded only once that is done, so an interrupted run is redone.
    const packCheck = recomputeChangedPacks(db, {
      now: app.accounts.now,
      timeZone: config.timeZone,
      log: (message, detail) => app.log.info(detail, message),
    })
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'recomputing after a rule pack change failed'));
    // Likewise the deadlines of docketed models whose rules changed (platform/docket/recompute.ts).
    const docketCheck = recomputeChangedDockets(db, app.registry, {
      now: app.accounts.now,
      log: (message, detail) => app.log.info(detail, message),
    })
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'recomputing docketed deadlines failed'));
    // Workflow timers (due, remind) and the outbox's after-commit work, from the database: what was due
    // while the server was down fires now.
    const workflowRunner = startWorkflowRunner(app.workflow, {
      onError: (error) => app.log.error({ err: error }, 'workflow timers or outbox failed'),
    });
    // Notification mails, digests and webhook posts queued by commits (platform/notifications/delivery):
    // every server sends, rows are leased so none goes out twice.
    const notificationDispatcher = startNotificationDispatcher(
      { accounts: app.accounts, registry: app.registry },
      { onError: (error) => app.log.error({ err: error }, 'notification delivery failed') },
    );
    let closing: Promise<void> | undefined;
    return {
      app,
      db,
      config,
      demo,
      url,
      close() {
        closing ??= Promise.all([workflowRunner.stop(), notificationDispatcher.stop()])
          .then(() => app.close())
          .then(() => Promise.all([packCheck, docketCheck]))
          .then(() => undefined)
          .finally(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
