// `npm start`: builds what is not built (or is older than its sources), then runs the server in this process.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './lib/builds.mjs';
import { requireSupportedNode } from './lib/nodeVersion.mjs';

requireSupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));

// The repository's .env (the server reads the working directory's too): real variables win over it.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

const status = buildStale(root);
if (status !== 0) process.exit(status);

await import(join(root, 'apps/server/dist/main.js'));
