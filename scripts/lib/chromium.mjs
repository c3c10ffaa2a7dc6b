// Finds Chromium for the browser tests: CHROMIUM_PATH, /usr/bin/chromium; installs Debian's package
// when missing and running as root; otherwise fails with the command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Returns the Chromium executable path, installing it with apt-get when root and missing. */
export function resolveChromium({ install = true } = {}) {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH points at nothing: ${process.env.CHROMIUM_PATH}`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (install && process.getuid?.() === 0) {
    process.stdout.write("Chromium is missing: installing Debian's chromium package (apt-get)…\n");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = CANDIDATES.find((path) => existsSync(path));
    if (installed) return installed;
  }
  throw new Error(
    'Chromium not found for the browser tests. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).',
  );
}
