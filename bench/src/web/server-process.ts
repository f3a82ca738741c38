// The built server as `npm start` runs it (node with a 256 MB heap cap, packages/server/dist/main.js), in a
// child process on a free port: what a browser talks to in production, with nothing of the benchmark in
// its process. Its resident memory and the data folder's size are read from outside.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = path.join(ROOT, 'packages/server/dist/main.js');
const WEB_INDEX = path.join(ROOT, 'packages/web/dist/index.html');

export interface BuiltServer {
  /** e.g. http://127.0.0.1:41234/ip/ */
  appUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** Refuses to run against a missing build: the benchmark measures the built app, not the dev server. */
export function assertBuilt(): void {
  for (const file of [MAIN, WEB_INDEX])
    if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run "npm run build" first`);
}

export async function startBuiltServer(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<BuiltServer> {
  const child: ChildProcess = spawn(process.execPath, ['--max-old-space-size=256', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // One account signs in once per run; the limit is for people guessing passwords.
      LOGIN_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const appUrl = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Web app:\s+(\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`The server exited (${code}) before it listened:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    appUrl,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in MB (Linux /proc): now, or its high-water mark (VmHWM) since it started. */
export function residentMb(pid: number, figure: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${figure}:\\s+(\\d+)`).exec(status)?.[1]);
  return kb / 1024;
}

/** The bytes of every file under a folder. */
export function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}
