import { describe, expect, it } from 'vitest';
import {
  parseInline,
  parseMarkdown,
  safeHref,
  type BlockNode,
  type InlineNode,
  type ParseCounter,
} from './markdownParser';

const text = (value: string): InlineNode => ({ type: 'text', text: value });
const code = (value: string): InlineNode => ({ type: 'code', text: value });
const strong = (...children: InlineNode[]): InlineNode => ({ type: 'strong', children });
const em = (...children: InlineNode[]): InlineNode => ({ type: 'em', children });
const link = (href: string, ...children: InlineNode[]): InlineNode => ({
  type: 'link',
  href,
  children,
});
const paragraph = (...children: InlineNode[]): BlockNode => ({ type: 'paragraph', children });

describe('safeHref', () => {
  it.each([
    ['https://example.org/a?b=1#c', 'https://example.org/a?b=1#c'],
    ['http://example.org', 'http://example.org/'],
    ['mailto:ada@example.org', 'mailto:ada@example.org'],
    ['  https://example.org/x  ', 'https://example.org/x'],
  ])('allows %j', (raw, href) => {
    expect(safeHref(raw)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '/relative/path',
    '//evil.example.org',
    'example.org',
    'https://',
    'ftp://example.org',
  ])('refuses %j', (raw) => {
    expect(safeHref(raw)).toBeNull();
  });
});

describe('parseInline', () => {
  it.each<[string, string, InlineNode[]]>([
    [
      'bold, italics, code and links',
      'a **b** *c* _d_ `e` [f](https://x.org)',
      [
        text('a '),
        strong(text('b')),
        text(' '),
        em(text('c')),
        text(' '),
        em(text('d')),
        text(' '),
        code('e'),
        text(' '),
        link('https://x.org/', text('f')),
      ],
    ],
    [
      'snake_case, lone stars and spaced stars',
      'my_var_name and 2 * 3 * 4 and *',
      [text('my_var_name and 2 * 3 * 4 and *')],
    ],
    ['markers inside code', '`**not bold**`', [code('**not bold**')]],
    ['escaped markers', '\\*literal\\* \\[x\\]', [text('*literal* [x]')]],
    ['italics inside bold', '**a *b* c**', [strong(text('a '), em(text('b')), text(' c'))]],
    ['bold inside italics', '*a **b** c*', [em(text('a '), strong(text('b')), text(' c'))]],
    ['bold italics', '***both***', [strong(em(text('both')))]],
    ['stars between digits', '2*3*4', [text('2'), em(text('3')), text('4')]],
    ['crossing markers: the first pair wins', '**a *b** c*', [strong(text('a *b')), text(' c*')]],
    ['an unclosed marker', '**open and *shut*', [text('**open and '), em(text('shut'))]],
    ['four stars stay text', '****x****', [text('****x****')]],
    ['double underscores stay text', '__init__', [text('__init__')]],
    [
      'formatting inside a link',
      '[**b** c](https://x.org)',
      [link('https://x.org/', strong(text('b')), text(' c'))],
    ],
    [
      'no autolink inside a link',
      '[https://a.org](https://x.org)',
      [link('https://x.org/', text('https://a.org'))],
    ],
    [
      'bare URLs without trailing punctuation',
      'see https://x.org/a_(b). ok',
      [text('see '), link('https://x.org/a_(b)', text('https://x.org/a_(b)')), text('. ok')],
    ],
    [
      'a bare URL in italics',
      '*see https://x.org*',
      [em(text('see '), link('https://x.org/', text('https://x.org')))],
    ],
    [
      'a bare URL in parentheses',
      '(https://x.org)',
      [text('('), link('https://x.org/', text('https://x.org')), text(')')],
    ],
    [
      'a link with an unsafe target',
      '[click](javascript:alert(1))',
      [text('[click](javascript:alert(1))')],
    ],
    [
      'a link label across lines',
      '[a\nb](https://x.org)',
      [text('[a\nb]('), link('https://x.org/', text('https://x.org')), text(')')],
    ],
    ['nested backticks', '`` a ` b ``', [code('a ` b')]],
    ['backticks closed by a run of the same length', '```x``y```', [code('x``y')]],
    ['an unclosed backtick run', '``a` b', [text('``a` b')]],
    ['backticks around a space', '`` ``', [code(' ')]],
    ['empty backticks', '``', [text('``')]],
    ['a script tag', '<script>alert(1)</script>', [text('<script>alert(1)</script>')]],
    [
      'nesting past four levels stays text',
      '*1 **2 _3 *4 **5** 4* 3_ 2** 1*',
      [
        em(
          text('1 '),
          strong(text('2 '), em(text('3 '), em(text('4 **5** 4')), text(' 3')), text(' 2')),
          text(' 1'),
        ),
      ],
    ],
  ])('%s', (_name, input, expected) => {
    expect(parseInline(input)).toEqual(expected);
  });
});

describe('parseMarkdown', () => {
  it.each<[string, string, BlockNode[]]>([
    [
      'fenced code between paragraphs',
      'before\n```js\nconst a = **1**;\n<b>x</b>\n```\nafter',
      [
        paragraph(text('before')),
        { type: 'codeBlock', language: 'js', text: 'const a = **1**;\n<b>x</b>' },
        paragraph(text('after')),
      ],
    ],
    ['an unclosed fence', '```\ncode', [{ type: 'codeBlock', language: null, text: 'code' }]],
    [
      'paragraphs split by blank lines, lines kept',
      'one\ntwo\n\n\nthree',
      [paragraph(text('one\ntwo')), paragraph(text('three'))],
    ],
    [
      'a bullet list with a continued item',
      'Plan:\n- **a**\n* b\n  more of b\n+ c',
      [
        paragraph(text('Plan:')),
        {
          type: 'list',
          ordered: false,
          start: null,
          items: [[strong(text('a'))], [text('b\nmore of b')], [text('c')]],
        },
      ],
    ],
    [
      'a numbered list that starts at 3, then a paragraph',
      '3. three\n4) four\nafter',
      [
        { type: 'list', ordered: true, start: 3, items: [[text('three')], [text('four')]] },
        paragraph(text('after')),
      ],
    ],
    [
      'a bullet list then a numbered one',
      '- a\n1. b',
      [
        { type: 'list', ordered: false, start: null, items: [[text('a')]] },
        { type: 'list', ordered: true, start: 1, items: [[text('b')]] },
      ],
    ],
    [
      'emphasis at a line start is no list',
      '*a* and **b**',
      [paragraph(em(text('a')), text(' and '), strong(text('b')))],
    ],
    [
      'a fence with an odd info string is text',
      '``` not a fence!',
      [paragraph(text('``` not a fence!'))],
    ],
  ])('%s', (_name, input, expected) => {
    expect(parseMarkdown(input)).toEqual(expected);
  });
});

describe('hostile input', () => {
  const stars = '*a '.repeat(3000);
  const brackets = '['.repeat(10_000);

  it('parses the hostile inputs to their text', () => {
    expect(parseMarkdown(stars)).toEqual([paragraph(text(stars))]);
    expect(parseMarkdown(brackets)).toEqual([paragraph(text(brackets))]);
    expect(parseInline('`'.repeat(5000))).toEqual([text('`'.repeat(5000))]);
    expect(parseInline('`` ` `` '.repeat(1000))).toEqual(
      Array.from({ length: 1000 }, () => [code('`'), text(' ')]).flat(),
    );
  });

  /** Steps for `input`, which must stay within a constant times its length. */
  const steps = (input: string) => {
    const counter: ParseCounter = { steps: 0 };
    parseMarkdown(input, counter);
    return counter.steps;
  };

  // Each builds a text of about n characters of one hostile pattern.
  const HOSTILE: Array<[string, (n: number) => string]> = [
    ['unclosed stars', (n) => '*a '.repeat(n / 3)],
    ['unclosed double stars', (n) => '**a '.repeat(n / 4)],
    ['unclosed underscores', (n) => '_a '.repeat(n / 3)],
    ['open brackets', (n) => '['.repeat(n)],
    ['brackets before one link middle', (n) => '['.repeat(n - 20) + '](javascript:x)'],
    ['brackets before an unsafe target', (n) => '[a]('.repeat(n / 4) + 'x)'],
    ['lone backticks', (n) => '`'.repeat(n)],
    [
      'growing backtick runs',
      (n) => {
        let out = '';
        for (let run = 1; out.length < n; run += 1) out += '`'.repeat(run) + 'a';
        return out;
      },
    ],
    ['nested backticks', (n) => '`` ` ``'.repeat(n / 7)],
    ['unsafe bare URLs', (n) => 'http://['.repeat(n / 8)],
    ['URLs of parentheses', (n) => 'https://x.org/' + ')'.repeat(n - 14)],
    ['stars and code', (n) => '*a `b` '.repeat(n / 7)],
    ['deep nesting', (n) => '*a **b '.repeat(n / 14) + ' c** d*'.repeat(n / 14)],
    ['fence lines', (n) => '```' + ' '.repeat(n - 4) + '!'],
    ['list lines', (n) => '- *a\n'.repeat(n / 5)],
  ];

  it.each(HOSTILE)('%s: steps grow linearly with the length', (_name, make) => {
    const small = make(4000);
    const large = make(8000);
    const perChar = (input: string) => steps(input) / input.length;
    // At most a constant per character, and the same constant at twice the length.
    expect(perChar(small)).toBeLessThanOrEqual(12);
    expect(perChar(large)).toBeLessThanOrEqual(12);
    expect(perChar(large) / perChar(small)).toBeLessThan(1.25);
  });

  it('the step counter is not blind: a plain text costs about one step per character', () => {
    const plain = 'hello world '.repeat(500);
    expect(steps(plain)).toBeGreaterThanOrEqual(plain.length);
  });
});
