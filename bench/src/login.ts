// npm run bench:login: the cost of a password check and sign-in throughput.
// 1. argon2id verify time at several costs (chosen: m=32 MiB t=2 p=1, see password-hash.ts).
// 2. POST /passport/login end to end (envelope decryption, verify, session, JWT) at 1 and 4 concurrent
//    clients, on the embedded database or DATABASE_URL.
import { constants, publicEncrypt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ENVELOPE_SEPARATOR, oaepCapacity, splitForEnvelope } from '@ipdesk/core';
import { BENCH_PASSWORD, startBenchServer } from './bench-server.js';
import { percentile, printTable } from './table.js';

async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const costs = [
  { memoryCost: 19_456, timeCost: 2, parallelism: 1, note: 'SECURITY.md minimum' },
  { memoryCost: 32_768, timeCost: 2, parallelism: 1, note: 'chosen' },
  { memoryCost: 47_104, timeCost: 1, parallelism: 1, note: 'OWASP alternative' },
  { memoryCost: 65_536, timeCost: 3, parallelism: 1, note: 'heavier' },
];
const hashRows: string[][] = [];
for (const cost of costs) {
  const { note, ...params } = cost;
  const stored = await hash(BENCH_PASSWORD, params);
  const times = await timeIt(30, () => verify(stored, BENCH_PASSWORD));
  hashRows.push([
    `m=${params.memoryCost / 1024} MiB t=${params.timeCost} p=${params.parallelism}`,
    note,
    percentile(times, 50).toFixed(1),
    percentile(times, 95).toFixed(1),
    Math.round(1000 / percentile(times, 50)).toString(),
  ]);
}
printTable('argon2id verify cost (one core)', ['parameters', 'note', 'p50 ms', 'p95 ms', 'verifies/s/core'], hashRows);

const { server, close } = await startBenchServer('bench');
const { publicKeyPem, modulusBits } = server.app.accounts.envelope;
const envelope = splitForEnvelope(BENCH_PASSWORD, oaepCapacity(modulusBits))
  .map((chunk) =>
    publicEncrypt(
      { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(chunk),
    ).toString('base64'),
  )
  .join(ENVELOPE_SEPARATOR);
const body = JSON.stringify({ account: 'bench', password: envelope });
const signInOnce = async () => {
  const res = await fetch(`${server.url}/passport/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
};

const loginRows: string[][] = [];
await timeIt(10, signInOnce); // warm-up
for (const concurrency of [1, 4]) {
  const perClient = 50;
  const started = performance.now();
  const all = (await Promise.all(Array.from({ length: concurrency }, () => timeIt(perClient, signInOnce))))
    .flat()
    .sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  loginRows.push([
    String(concurrency),
    String(all.length),
    percentile(all, 50).toFixed(1),
    percentile(all, 95).toFixed(1),
    (all.length / seconds).toFixed(1),
  ]);
}
printTable(
  `POST /passport/login (${server.db.engine}, ${modulusBits}-bit RSA envelope)`,
  ['clients', 'sign-ins', 'p50 ms', 'p95 ms', 'sign-ins/s'],
  loginRows,
);
await close();
