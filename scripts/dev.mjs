// `npm run dev`: the server from source with tsx (restarting on change) and Vite's dev server.
// People reach the app through Vite (http://localhost:5173), which proxies /api to the server, so
// that is the server's PUBLIC_URL: its Origin checks (auth, the live socket) must accept it.
import { spawn } from 'node:child_process';
import { requireSupportedNode } from './lib/nodeVersion.mjs';

requireSupportedNode();

const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@seminar/web'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
