// Vite config for the web app. The root vitest.config.ts extends it for the `web` test project.
// In development the API, health check, favicon (keep-alive target) and dev pages are proxied to the
// app server on :3000; in production the server serves `dist/` itself.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/]@(mui|emotion)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: SERVER, ws: true },
      '/healthz': { target: SERVER },
      '/favicon.svg': { target: SERVER },
      '/dev': { target: SERVER },
    },
  },
});
