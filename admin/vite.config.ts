// Builds the back office into dist/admin (or the folder given with --outDir), served by the service
// under /admin/. No dev server proxy is configured: `npm run admin:dev` documents how to point it
// at a running service (docs/back-office.md).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/admin/',
  // Preact's automatic JSX runtime: no React, no compat layer.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('../dist/admin'),
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would be code for browsers the back office does not support; it also keeps the
    // page free of anything a strict Content-Security-Policy would have to allow.
    modulePreload: { polyfill: false },
    // Inlined assets become data: URLs, which the policy refuses (img-src 'self').
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: {
    // `npm run admin:dev`: the service runs on CMS_DEV_API (default http://127.0.0.1:8080) and
    // answers the REST calls and the websocket; Vite serves the screens with hot reload.
    proxy: {
      '/api': { target: process.env.CMS_DEV_API ?? 'http://127.0.0.1:8080', ws: true, changeOrigin: false },
    },
  },
});
