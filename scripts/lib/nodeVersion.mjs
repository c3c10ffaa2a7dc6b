// Seminar runs on Node 24 (LTS). `npm ci` installs it from the npm registry (the pinned `node`
// devDependency) and npm puts node_modules/.bin first on the PATH of every npm script, so
// `npm start` and `npm test` run on it even where the machine's own `node` is older.
const REQUIRED_MAJOR = 24;

/** Stops the process with what to do when it runs on a Node older than 24. */
export function requireSupportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_MAJOR) return;
  process.stderr.write(
    `Seminar needs Node ${REQUIRED_MAJOR}; this is Node ${process.versions.node}. ` +
      `Run it through npm (npm start, npm test), which uses the Node ${REQUIRED_MAJOR} that npm ci ` +
      `installed in node_modules, or install Node ${REQUIRED_MAJOR}.\n`,
  );
  process.exit(1);
}
