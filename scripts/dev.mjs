// npm run dev: builds core once, then runs the API with reload (tsx watch) and Vite's dev server,
// which proxies the API. Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const build = spawnSync('npx', ['tsc', '-b', 'packages/core'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The Vite dev server's pages post to the API from another origin.
    env: {
      ...process.env,
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173',
    },
  }),
  spawn('npx', ['vite', '--config', 'packages/web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
