// Bundles the server into dist/main.js with esbuild: the workspace's own TypeScript (@seminar/shared)
// and the npm packages it uses, in one file. Resolving a package's few hundred modules one by one
// (each import's package.json read, each file compiled) was half of the server's start, ~3 s of a
// core: every `npm start`, and each of the browser tests' ~50 server starts.
// Kept external, loaded from node_modules: PGlite (it reads its WebAssembly and data files beside
// its own modules), pino and pino-pretty (pino starts transports by module name in a worker
// thread), and the optional native add-ons some packages try (pg-native, ws's bufferutil and
// utf-8-validate, debug's supports-color), which are not installed.
import { build } from 'esbuild';

const external = [
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'supports-color',
];

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  // CommonJS packages in an ES module bundle call require() for Node's built-ins and the external
  // packages: give them one (esbuild's stand-in throws "Dynamic require … is not supported").
  banner: {
    js: "import { createRequire as __seminarCreateRequire } from 'node:module'; const require = __seminarCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
