// Vite config of the web app. Built with relative asset URLs (base './') because the base path is
// chosen when the server starts, not when we build: the server rewrites <base href> in index.html
// and every asset resolves against it. The dev server runs under the default base and proxies the
// API to a locally started server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const coreSource = fileURLToPath(new URL('../core/src/index.ts', import.meta.url));
const apiServer = 'http://127.0.0.1:3000';
const proxiedPrefixes = ['/passport', '/webapi', '/openapi', '/openapi-external', '/account', '/health', '/docs'];

export default defineConfig(({ command }) => ({
  root: webRoot,
  base: command === 'build' ? './' : '/ip/',
  plugins: [react()],
  resolve: { alias: { '@ipdesk/core': coreSource } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/route-sizes.mjs (the bytes each route needs) and the e2e size check.
    manifest: true,
    // Raised when pro-components made the shell chunk large. The shell is now our own antd Layout + Menu
    // and a small chunk; the largest chunk (the workflow designer's) is under Vite's default 500 kB too.
    chunkSizeWarningLimit: 2000,
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiServer, changeOrigin: false }])),
  },
}));
