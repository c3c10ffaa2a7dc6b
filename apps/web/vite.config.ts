// Vite config for the web app. The root vitest.config.ts extends it for the `web` test project.
// In development the API, health check, favicon (keep-alive target), manifest and dev pages are
// proxied to the app server on :3000; in production the server serves `dist/` itself.
// Pages are their own chunks (routes/routes.tsx); the build writes brotli and gzip copies of every
// text file (build/precompress.ts) and the app shell's service worker (build/serviceWorker.ts).
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Bundled with the config (the package's entry is not loadable by Node as it is).
import { DEFAULT_APP_NAME } from '../../packages/shared/src/constants.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorkerPlugin } from './build/serviceWorker.ts';

const SERVER = 'http://localhost:3000';

/**
 * Under `vite dev` nothing fills index.html's `{name}` placeholders (the app server does in
 * production, apps/server/src/http/web.ts): show the default name in the shell instead.
 */
function devAppName(): Plugin {
  return {
    name: 'seminar:dev-app-name',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        '<span class="sm-logo-name">{name}</span>',
        `<span class="sm-logo-name">${DEFAULT_APP_NAME}</span>`,
      ),
  };
}

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin(), precompress(), devAppName()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false },
    // MUI with emotion and its other dependencies in one chunk, React in another: left to itself
    // the bundler split them into many small shared chunks, each a request in the class page's
    // chain (the chat page's Lighthouse score ~0.77 → ~0.81 on the quick bench). React has its
    // own group, ranked first, or it would be pulled into MUI's and load on the sign-in page.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              name: 'mui',
              priority: 1,
              test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|icons-material|core-downloads-tracker)|@emotion[\\/][a-z-]+|@popperjs[\\/]core|react-transition-group|stylis|hoist-non-react-statics)[\\/]/,
            },
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
      '/manifest.webmanifest': { target: SERVER },
      '/dev': { target: SERVER },
    },
  },
});
