// Docs: README.md#configuration — a `.env` file in the working directory, read before the configuration.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Loads `dir/.env` into `process.env` when the file exists (Node's `process.loadEnvFile`). A
 * variable already set in the real environment wins over the file. Returns the file read, or null.
 */
export function loadEnvFile(dir: string = process.cwd()): string | null {
  const file = resolve(dir, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
