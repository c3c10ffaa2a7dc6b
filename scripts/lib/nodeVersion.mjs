// Seminar runs on Node 24 (LTS). `npm ci` installs it from the npm registry (the pinned `node`
// devDependency) and npm puts node_modules/.bin first on the PATH of every npm script, so
// `npm start` and `npm test` run on it even where the machine's own `node` is older.
export const REQUIRED_MAJOR = 24;

/**
 * What to do when `version` (e.g. "20.20.2") is older than Node 24, or null when it will do.
 * @param {string} version
 * @returns {string | null}
 */
export function nodeVersionProblem(version) {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= REQUIRED_MAJOR) return null;
  return (
    `Seminar needs Node ${REQUIRED_MAJOR}; this is Node ${version}. ` +
    `Run it through npm (npm start, npm test), which uses the Node ${REQUIRED_MAJOR} that npm ci ` +
    `installed in node_modules, or install Node ${REQUIRED_MAJOR}.`
  );
}

/** Stops the process with what to do when it runs on a Node older than 24. */
export function requireSupportedNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem === null) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
