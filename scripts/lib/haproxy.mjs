// Finds HAProxy for the chaos soak (npm run soak, and its short form in npm test): HAPROXY_PATH, else
// /usr/sbin/haproxy or /usr/bin/haproxy; installs Debian's package when missing and running as root
// (apt-get update first: a fresh CI machine has no package lists); otherwise fails with the command.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/** Returns the haproxy executable path, installing it with apt-get when root and missing. */
export function resolveHaproxy({ install = true } = {}) {
  if (process.env.HAPROXY_PATH) {
    if (existsSync(process.env.HAPROXY_PATH)) return process.env.HAPROXY_PATH;
    throw new Error(`HAPROXY_PATH points at nothing: ${process.env.HAPROXY_PATH}`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (install && process.getuid?.() === 0) {
    process.stdout.write("HAProxy is missing: installing Debian's haproxy package (apt-get)…\n");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = CANDIDATES.find((path) => existsSync(path));
    if (installed) return installed;
  }
  throw new Error(
    'HAProxy not found for the chaos soak. Install it with: sudo apt-get install -y haproxy (or set HAPROXY_PATH).',
  );
}
