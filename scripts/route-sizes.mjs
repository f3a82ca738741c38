// Bytes of JS and CSS a browser fetches to show a route, read from the build's manifest (issue 16):
// the entry's static imports for sign-in, plus the lazy chunks (and their static imports) of the app
// shell and the page for the patent list and a patent detail, and antd's build-time styles for the pages in antd's frame. Sizes as sent come from the .br/.gz files
// scripts/precompress.mjs wrote. Usage: node scripts/route-sizes.mjs [dist folder]
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(process.argv[2] ?? 'packages/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

// The lazy route modules each page needs on top of the entry (see packages/web/src/app/router.tsx).
const SHELL = ['src/app/AntdFrame.tsx', 'src/app/AppShell.tsx'];
const ROUTES = {
  'sign-in (/login)': [],
  // The other public pages use antd (its frame and their layout), not the shell.
  'forgot password (/forgot-password)': [
    'src/app/AntdFrame.tsx',
    'src/app/PublicLayout.tsx',
    'src/pages/ForgotPasswordPage.tsx',
  ],
  'patent list (/model/patent)': [...SHELL, 'src/pages/model/ModelListPage.tsx'],
  'patent detail (/model/patent/:sid)': [...SHELL, 'src/pages/model/ModelDetailPage.tsx'],
};

/** The files a chunk brings with it: itself, its CSS, and its static imports, recursively. */
function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

function sizeOf(file, suffix) {
  const full = path.join(dist, file + suffix);
  return existsSync(full) ? statSync(full).size : statSync(path.join(dist, file)).size;
}

// antd's styles generated at build (scripts/antd-styles.mjs): fetched with antd's frame (app/antd-styles.ts).
const antdStyles = Object.values(manifest).find((chunk) => chunk.src?.endsWith('src/app/generated/antd-styles.css'));

function routeSizes() {
  return Object.entries(ROUTES).map(([route, lazyModules]) => {
    const files = new Set();
    for (const key of ['index.html', ...lazyModules]) collect(key, files);
    if (antdStyles && lazyModules.includes('src/app/AntdFrame.tsx')) files.add(antdStyles.file);
    const list = [...files];
    const sum = (suffix) => list.reduce((total, file) => total + sizeOf(file, suffix), 0);
    return { route, files: list.length, raw: sum(''), gzip: sum('.gz'), brotli: sum('.br') };
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = routeSizes();
console.log('| route | files | JS+CSS raw | gzip | brotli |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(`| ${row.route} | ${row.files} | ${kb(row.raw)} | ${kb(row.gzip)} | ${kb(row.brotli)} |`);
}
