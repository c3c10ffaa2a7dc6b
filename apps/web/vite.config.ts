// Vite config for the web app. The root vitest.config.ts extends it for the `web` test project.
// In development the API, health check, favicon (keep-alive target), manifest and dev pages are
// proxied to the app server on :3000; in production the server serves `dist/` itself.
// Pages are their own chunks (routes/routes.tsx) and libraries are grouped (build/chunkGroups.ts);
// the build writes brotli and gzip copies of every text file (build/precompress.ts) and the app
// shell's service worker (build/serviceWorker.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { serviceWorkerPlugin } from './build/serviceWorker.ts';
import { chunkGroups } from './build/chunkGroups.ts';
import { routePreloads } from './build/routePreloads.ts';
import { inlineFavicon } from './build/inlineFavicon.ts';

const SERVER = 'http://localhost:3000';

// The class page's route modules, and the modules it loads on first use (menus, dialogs, fields):
// MUI's chunks follow them (build/chunkGroups.ts).
const fromHere = (paths: string[]) =>
  paths.map((path) => fileURLToPath(new URL(`./src/${path}`, import.meta.url)));
const classPageChunks = chunkGroups({
  entry: fromHere(['main.tsx']),
  classPage: fromHere(['features/classes/ClassesLayout.tsx', 'features/classes/ClassPage.tsx']),
  classPageMenus: fromHere([
    'features/classes/ClassSelectField.tsx',
    'features/chat/rowMenus.tsx',
    'features/chat/NotifyLevelsMenu.tsx',
    'features/classroom/ColdCallMenu.tsx',
    'features/chat/MessageSearchResults.tsx',
    'auth/AccountMenuPopup.tsx',
  ]),
});

// A class page opened by its address (signed in) gets its chunks named in its HTML
// (build/routePreloads.ts): its layout's, its own, the live client's, and what they import.
const classPagePreloads = routePreloads([
  {
    prefix: '/classes/',
    modules: fromHere([
      'features/classes/ClassesLayout.tsx',
      'features/classes/ClassPage.tsx',
      'live/client.ts',
    ]),
    // zod and its schemas load with the first form that checks input (docs/ARCHITECTURE.md).
    without: /[\\/]node_modules[\\/]zod[\\/]/,
  },
]);

export default defineConfig({
  plugins: [
    react(),
    serviceWorkerPlugin(),
    precompress(),
    classPageChunks.plugin,
    classPagePreloads,
    inlineFavicon(fileURLToPath(new URL('./public/favicon.svg', import.meta.url))),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: classPageChunks.groups } } },
  },
  server: {
    proxy: {
      '/api': { target: SERVER, ws: true },
      '/healthz': { target: SERVER },
      '/favicon.svg': { target: SERVER },
      '/manifest.webmanifest': { target: SERVER },
      '/dev': { target: SERVER },
    },
  },
});
