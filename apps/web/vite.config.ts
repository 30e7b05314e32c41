// Vite config for the web app. Run from the repo root: `vite --config apps/web/vite.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { aliases } from '../../aliases.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The server's CSP is script-src 'self': never inline the module preload polyfill or assets
    // as data: URLs that a strict policy would refuse.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
