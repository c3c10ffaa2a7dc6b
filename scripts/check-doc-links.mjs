// `npm test` (static checks): every relative link of every tracked Markdown file, and every
// `// Docs: path#anchor` comment in the sources, leads to an existing file and heading.
// Exits 1 with the list of those that do not. Rules: scripts/lib/docLinks.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkTarget, docsComments, markdownLinks } from './lib/docLinks.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter(Boolean);

const sourceDirs = ['apps/', 'packages/', 'bench/', 'scripts/', 'e2e/', 'test-support/'];
const sourceFile = /\.(?:[cm]?[jt]sx?)$/;
const problems = [];
let checked = 0;

for (const file of tracked) {
  const absolute = path.join(root, file);
  let references;
  let baseDir;
  if (file.endsWith('.md')) {
    references = markdownLinks(readFileSync(absolute, 'utf8'));
    baseDir = path.dirname(absolute);
  } else if (sourceFile.test(file) && sourceDirs.some((dir) => file.startsWith(dir))) {
    references = docsComments(readFileSync(absolute, 'utf8'));
    baseDir = root;
  } else {
    continue;
  }
  for (const { line, target } of references) {
    checked += 1;
    const problem = checkTarget(root, baseDir, absolute, target);
    if (problem) problems.push(`${file}:${line}: ${target} — ${problem}`);
  }
}

if (problems.length > 0) {
  process.stderr.write(
    `${problems.length} broken doc link(s) (Markdown links and // Docs: comments):\n` +
      problems.map((problem) => `  ${problem}\n`).join(''),
  );
  process.exit(1);
}
process.stdout.write(`Doc links: all ${checked} resolve.\n`);
