import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { loadEnvFile } from './envFile';
import { serverRoot } from './paths';

const variables = ['APP_NAME', 'PORT', 'ADMIN_EMAILS', 'LOG_LEVEL'] as const;
const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
const dirs: string[] = [];

function dirWith(envText: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'seminar-env-'));
  dirs.push(dir);
  if (envText !== null) writeFileSync(join(dir, '.env'), envText);
  return dir;
}

afterEach(() => {
  for (const name of variables) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadEnvFile', () => {
  it('feeds .env into the configuration; the real environment wins over the file', () => {
    for (const name of variables) delete process.env[name];
    process.env.PORT = '4100';
    const dir = dirWith(
      [
        '# Seminar settings',
        'APP_NAME="Physics Lab"',
        'PORT=5000',
        'ADMIN_EMAILS=Admin@Example.edu',
        '',
      ].join('\n'),
    );
    expect(loadEnvFile(dir)).toBe(join(dir, '.env'));
    const config = loadConfig();
    expect(config.appName).toBe('Physics Lab');
    expect(config.port).toBe(4100);
    expect(config.adminEmails).toEqual(['admin@example.edu']);
  });

  it('does nothing without a .env file', () => {
    for (const name of variables) delete process.env[name];
    expect(loadEnvFile(dirWith(null))).toBeNull();
    expect(loadConfig().appName).toBe('Seminar');
  });
});

describe('.env.example', () => {
  it("lists every variable of README's configuration table", () => {
    const repoRoot = join(serverRoot, '..', '..');
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Endpoints'));
    const documented = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented.length).toBeGreaterThan(20);
    const example = readFileSync(join(repoRoot, '.env.example'), 'utf8');
    const listed = [...example.matchAll(/^# ([A-Z_]+)=/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(documented.sort());
  });
});
