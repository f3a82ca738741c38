// Command-line entry: start with the environment's configuration, print where to go, and shut down
// gracefully on SIGINT/SIGTERM (a second signal, or 10 s, forces the exit).
import { ConfigError } from './config.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let server;
  try {
    server = await startServer();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const { config, demo, url } = server;
  const appUrl = `${url}${config.basePath}`;
  console.log(
    `\nIPDesk is running (${config.environment}, database: ${server.db.engine}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`,
  );
  console.log(`  Web app:  ${appUrl}`);
  console.log(`  API docs: ${url}/docs`);
  if (demo.created && demo.admin) {
    console.log(`  Demo tenant created: ${demo.tenant.nameZh} / ${demo.tenant.nameEn}.`);
    console.log(`  Sign in at ${appUrl}login as "${demo.admin.account}" with password ${demo.admin.password}`);
    console.log('  (shown only now; you will be asked to choose a new password at first sign-in).');
  } else {
    console.log(`  Sign in at ${appUrl}login`);
  }
  console.log('');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
