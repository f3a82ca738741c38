// The README's test command: lint, type-check, unit and integration tests on PGlite and on
// PostgreSQL, then the browser tests against the built app. Prints one closing line
// "tests: N passed, N failed, N skipped" (and how many passed only on a retry) and exits non-zero when any
// step failed.
import { spawnSync } from 'node:child_process';
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

function vitest(title, projects, resultName, env) {
  const outputFile = path.join(resultsDir, `${resultName}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  run(title, 'npx', args, env);
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

run('lint (eslint, prettier)', 'npm', ['run', '--silent', 'lint']);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
vitest('unit and integration tests on PGlite', ['core', 'server', 'web'], 'pglite', { DATABASE_URL: '' });

if (await postgresReachable(postgresUrl)) {
  vitest(`integration tests on PostgreSQL (${new URL(postgresUrl).host})`, ['server'], 'postgres', {
    DATABASE_URL: postgresUrl,
  });
} else if (inCi) {
  console.log(`\n✘ PostgreSQL is not reachable at ${new URL(postgresUrl).host}; CI must test both engines.`);
  failures.push('PostgreSQL reachable');
} else {
  console.log(
    `\n! PostgreSQL not reachable at ${new URL(postgresUrl).host}: the PostgreSQL run was skipped (set TEST_DATABASE_URL).`,
  );
}

if (run('build (server and web)', 'npm', ['run', '--silent', 'build'])) {
  vitest('browser tests in Chromium', ['e2e'], 'e2e', { DATABASE_URL: '' });
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
const retried = counts.retried ? ` (${counts.retried} only on a retry)` : '';
console.log(`tests: ${counts.passed} passed${retried}, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length || counts.failed ? 1 : 0);
