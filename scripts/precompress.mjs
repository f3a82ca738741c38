// Compresses the built web app once, at build time, at the highest levels (brotli 11, gzip 9): the
// server then sends file.br or file.gz as they are (packages/server/src/http/web-app.ts), so no request
// pays for compressing a file. index.html is left out: the server rewrites its <base> and compresses
// it at start. Usage: node scripts/precompress.mjs [dist folder]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;
// Smaller files gain a few bytes at most; the server sends them as they are.
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesUnder(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressFile(file) {
  const raw = await readFile(file);
  if (raw.length < MIN_BYTES) return { raw: raw.length, br: raw.length, gzip: raw.length };
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant no smaller than the file is not written; the server then sends the file itself.
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
  return { raw: raw.length, br: Math.min(br.length, raw.length), gzip: Math.min(gz.length, raw.length) };
}

const dist = path.resolve(process.argv[2] ?? 'packages/web/dist');
if (!(await stat(dist)).isDirectory()) throw new Error(`${dist} is not a folder`);
const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
for await (const file of filesUnder(dist)) {
  const sizes = await compressFile(file);
  totals.files += 1;
  totals.raw += sizes.raw;
  totals.br += sizes.br;
  totals.gzip += sizes.gzip;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `precompressed ${totals.files} files: ${kb(totals.raw)} raw, ${kb(totals.gzip)} gzip, ${kb(totals.br)} brotli`,
);
