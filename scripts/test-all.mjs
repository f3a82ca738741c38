// The README's test command: lint, type-check, unit and integration tests on PGlite and on
// PostgreSQL, then the browser tests against the built app. Prints one closing line
// "tests: N passed, N failed, N skipped" (and how many passed only on a retry) and exits non-zero when any
// step failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.vitest-results');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const failures = [];
const counts = { passed: 0, failed: 0, skipped: 0, retried: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${title} (${seconds}s)`);
  if (!ok) failures.push(title);
  return ok;
}

// Steps that use about one core each (eslint, tsc, vite) run side by side on the 2-core CI machine. Their
// output is kept and printed whole when each ends, so the log stays readable.
function runBeside(title, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = status === 0;
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`${ok ? '✔' : '✘'} ${title} (${seconds}s)`);
      if (!ok) failures.push(title);
      resolve(ok);
    });
  });
}

function vitestArgs(projects, resultName) {
  return [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(resultsDir, `${resultName}.json`)}`,
  ];
}

function vitest(title, projects, resultName, env) {
  run(title, 'npx', vitestArgs(projects, resultName), env);
  countResults(resultName);
}

function countResults(resultName) {
  const outputFile = path.join(resultsDir, `${resultName}.json`);
  if (!existsSync(outputFile)) {
    // The runner died before reporting: count it as a failure so the closing line never hides it.
    counts.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
  // A test retried in CI (the browser tests) keeps the errors of its failed attempt.
  const retried = report.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'passed' && test.failureMessages?.length),
  );
  for (const test of retried) {
    console.log(`! passed only on its retry: ${test.fullName}\n    ${test.failureMessages[0].split('\n')[0]}`);
  }
  counts.retried += retried.length;
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const suiteStarted = Date.now();
await Promise.all([
  runBeside('lint (eslint, prettier)', 'npm', ['run', '--silent', 'lint']),
  runBeside('typecheck', 'npm', ['run', '--silent', 'typecheck']),
]);
vitest('unit and integration tests on PGlite', ['core', 'server', 'web'], 'pglite', { DATABASE_URL: '' });

// The PostgreSQL run waits on its server much of the time: the build runs beside it.
const building = runBeside('build (server and web)', 'npm', ['run', '--silent', 'build']);
if (await postgresReachable(postgresUrl)) {
  const title = `integration tests on PostgreSQL (${new URL(postgresUrl).host})`;
  await runBeside(title, 'npx', vitestArgs(['server'], 'postgres'), { DATABASE_URL: postgresUrl });
  countResults('postgres');
} else if (inCi) {
  console.log(`\n✘ PostgreSQL is not reachable at ${new URL(postgresUrl).host}; CI must test both engines.`);
  failures.push('PostgreSQL reachable');
} else {
  console.log(
    `\n! PostgreSQL not reachable at ${new URL(postgresUrl).host}: the PostgreSQL run was skipped (set TEST_DATABASE_URL).`,
  );
}

if (await building) {
  vitest('browser tests in Chromium', ['e2e'], 'e2e', { DATABASE_URL: '' });
}

console.log(`\nall steps: ${((Date.now() - suiteStarted) / 1000).toFixed(1)}s`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
const retried = counts.retried ? ` (${counts.retried} only on a retry)` : '';
console.log(`tests: ${counts.passed} passed${retried}, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length || counts.failed ? 1 : 0);
