// Every relative Markdown link and every `// Docs: path#anchor` comment must lead somewhere: a file
// of the repository and, with an anchor, a heading of that file (GitHub's anchors). Used by
// scripts/check-doc-links.mjs, which `npm test` runs with the static checks.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * GitHub's anchor for a heading text (github-slugger): lower-case, drop punctuation except hyphens,
 * underscores and spaces, spaces become hyphens. Markdown inside the heading counts as its text.
 */
export function slug(heading) {
  return headingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** A heading's visible text: code spans, links, images, emphasis and HTML tags reduced to text. */
function headingText(heading) {
  return heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*+/g, '')
    .trim();
}

/** The lines of a Markdown text outside fenced and indented code blocks, with their numbers. */
function proseLines(markdown) {
  const result = [];
  let fence = null;
  let previousBlank = true;
  markdown.split('\n').forEach((line, index) => {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) {
        fence = null;
      }
    } else if (fenceMatch) {
      fence = fenceMatch[1];
    } else if (!(previousBlank && /^( {4}|\t)/.test(line))) {
      result.push({ line: index + 1, text: line });
      previousBlank = line.trim() === '';
      return;
    }
    // Lines of an indented code block keep the block going until a non-indented line.
    previousBlank = previousBlank && (line.trim() === '' || /^( {4}|\t)/.test(line));
  });
  return result;
}

/** The anchors of a Markdown text: one per heading (duplicates get -1, -2, …) and explicit ids. */
export function anchors(markdown) {
  const found = new Set();
  const counts = new Map();
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      const base = slug(heading[1]);
      const seen = counts.get(base) ?? 0;
      counts.set(base, seen + 1);
      found.add(seen === 0 ? base : `${base}-${seen}`);
    }
    for (const match of text.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) found.add(match[1]);
  }
  return found;
}

/**
 * The relative links of a Markdown text: inline `[text](target)` and `![alt](target)` and reference
 * definitions `[label]: target`, outside code. External ones (`https:`, `mailto:`, `//…`) are left out.
 */
export function markdownLinks(markdown) {
  const links = [];
  for (const { line, text } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[^`]*?\1/g, (code) => ' '.repeat(code.length));
    const targets = [];
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      targets.push(match[1]);
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
    if (definition) targets.push(definition[1]);
    for (const target of targets) {
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      links.push({ line, target });
    }
  }
  return links;
}

/**
 * The references of `// Docs:` comments in a source text: each `path.md` or `path.md#anchor`
 * before the comment's dash (` — `), paths relative to the repository root.
 */
export function docsComments(source) {
  const references = [];
  source.split('\n').forEach((text, index) => {
    const comment = /^\s*\/\/\s*Docs:\s*(.*)$/.exec(text);
    if (!comment) return;
    const head = comment[1].split(/\s[—–]\s|\s-\s/)[0];
    for (const match of head.matchAll(/(?:^|\s)([^\s,;]+\.md(?:#[^\s,;]+)?)/g)) {
      references.push({ line: index + 1, target: match[1] });
    }
  });
  return references;
}

/**
 * Why `target` (a link from `fromFile`, resolved against `baseDir`) does not resolve, or null.
 * Paths are relative to `root`; a target outside it does not resolve.
 */
export function checkTarget(root, baseDir, fromFile, target) {
  const hashAt = target.indexOf('#');
  const rawPath = hashAt === -1 ? target : target.slice(0, hashAt);
  const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
  const file = rawPath === '' ? fromFile : path.resolve(baseDir, decodeURIComponent(rawPath));
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    return `${rawPath} is outside the repository`;
  }
  if (!existsSync(file)) return `${relative} does not exist`;
  if (anchor === null || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) {
    return `${relative} is not a Markdown file, so #${anchor} cannot be checked`;
  }
  if (!anchors(readFileSync(file, 'utf8')).has(anchor)) {
    return `${relative} has no heading #${anchor}`;
  }
  return null;
}
