import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
