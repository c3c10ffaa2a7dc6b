import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchors, checkTarget, docsComments, markdownLinks, slug } from './docLinks.mjs';

describe('slug (GitHub heading anchors)', () => {
  it.each([
    ['Quick start', 'quick-start'],
    ['The request path', 'the-request-path'],
    ['Visibility (SPEC §4)', 'visibility-spec-4'],
    ['Where code goes, and why', 'where-code-goes-and-why'],
    ['Sign-up, sign-in, sign-out', 'sign-up-sign-in-sign-out'],
    ['web — `bench/web.ts`', 'web--benchwebts'],
    ['Ordered streams (messages)', 'ordered-streams-messages'],
    ['DataAnalystBot’s engine', 'dataanalystbots-engine'],
    ['The [live](x.md) layer', 'the-live-layer'],
    ['**Bold** and snake_case', 'bold-and-snake_case'],
    ['Café à la carte', 'café-à-la-carte'],
  ])('%s → %s', (heading, expected) => {
    expect(slug(heading)).toBe(expected);
  });
});

describe('anchors', () => {
  it('numbers duplicate headings, reads explicit ids and ignores headings in code', () => {
    const markdown = [
      '# Title',
      '## Limits',
      '## Limits',
      '### Limits ##',
      '<a id="custom-spot"></a>',
      '```',
      '## Not a heading',
      '```',
      '',
      '    ## Indented code',
    ].join('\n');
    expect([...anchors(markdown)].sort()).toEqual(
      ['custom-spot', 'limits', 'limits-1', 'limits-2', 'title'].sort(),
    );
  });
});

describe('markdownLinks', () => {
  it.each([
    ['See [docs](docs/a.md#x).', ['docs/a.md#x']],
    ['[one](a.md) and ![img](img/b.png "title")', ['a.md', 'img/b.png']],
    ['[here](#local-anchor)', ['#local-anchor']],
    ['[up](../bench/README.md)', ['../bench/README.md']],
    ['[ext](https://example.com/a.md) [mail](mailto:a@b.c) <http://x/y>', []],
    ['`[not](a-link.md)` but [yes](b.md)', ['b.md']],
    ['[ref]: docs/ref.md#part', ['docs/ref.md#part']],
  ])('%s', (markdown, expected) => {
    expect(markdownLinks(markdown).map((link) => link.target)).toEqual(expected);
  });

  it('skips fenced and indented code and gives line numbers', () => {
    const markdown = [
      'text',
      '```',
      '[a](in-fence.md)',
      '```',
      '',
      '    [b](indented.md)',
      '',
      '[c](c.md)',
    ];
    expect(markdownLinks(markdown.join('\n'))).toEqual([{ line: 8, target: 'c.md' }]);
  });
});

describe('docsComments', () => {
  it.each([
    ['// Docs: docs/a.md#b — what it is', ['docs/a.md#b']],
    ['// Docs: docs/a.md#b and README.md#c — two places', ['docs/a.md#b', 'README.md#c']],
    ['// Docs: docs/a.md — about docs/other.md', ['docs/a.md']],
    ['    // Docs: docs/x.md#y — indented', ['docs/x.md#y']],
    ['const s = "// Docs: docs/a.md"; // no', []],
    ['// Nothing here', []],
  ])('%s', (source, expected) => {
    expect(docsComments(source).map((reference) => reference.target)).toEqual(expected);
  });
});

describe('checkTarget', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
  mkdirSync(path.join(root, 'docs'));
  writeFileSync(path.join(root, 'README.md'), '# Seminar\n## Quick start\n');
  writeFileSync(path.join(root, 'docs', 'a.md'), '# A\n## The part\n');
  const readme = path.join(root, 'README.md');
  const docA = path.join(root, 'docs', 'a.md');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    [root, readme, 'docs/a.md#the-part', null],
    [root, readme, 'docs/a.md', null],
    [root, readme, '#quick-start', null],
    [path.join(root, 'docs'), docA, '../README.md#quick-start', null],
    [root, readme, 'docs/a.md#part', 'docs/a.md has no heading #part'],
    [root, readme, 'docs/missing.md', `${path.join('docs', 'missing.md')} does not exist`],
    [root, readme, '#nowhere', 'README.md has no heading #nowhere'],
    [root, readme, '../outside.md', '../outside.md is outside the repository'],
  ])('%#: %s', (baseDir, fromFile, target, expected) => {
    expect(checkTarget(root, baseDir, fromFile, target)).toBe(expected);
  });
});
