/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (packages/server) listens on 8080 in development; the console calls it on the
// same origin through this proxy so the session cookie works exactly as in production. The Host
// header is passed through unchanged: the server refuses requests whose Origin is not its host.
const apiTarget = process.env.POWERDECK_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json lets scripts/bundle-size.js measure what each page loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/data-svc': { target: apiTarget },
    },
  },
  preview: {
    proxy: {
      '/data-svc': { target: apiTarget },
    },
  },
});
