import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, parseInline, parseMarkdown, safeHref } from './markdown';

afterEach(cleanup);

const html = (text: string) => render(<Markdown text={text} />).container;

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
  it('reads bold, italics, code and links', () => {
    expect(parseInline('a **b** *c* _d_ `e` [f](https://x.org)')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'e' },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.org/', children: [{ type: 'text', text: 'f' }] },
    ]);
  });

  it('leaves snake_case, lone stars and spaced stars alone', () => {
    expect(parseInline('my_var_name and 2 * 3 * 4 and *')).toEqual([
      { type: 'text', text: 'my_var_name and 2 * 3 * 4 and *' },
    ]);
  });

  it('keeps markers inside code as they are', () => {
    expect(parseInline('`**not bold**`')).toEqual([{ type: 'code', text: '**not bold**' }]);
  });

  it('takes a backslash-escaped marker literally', () => {
    expect(parseInline('\\*literal\\*')).toEqual([{ type: 'text', text: '*literal*' }]);
  });

  it('links bare URLs without trailing punctuation', () => {
    expect(parseInline('see https://x.org/a_(b). ok')).toEqual([
      { type: 'text', text: 'see ' },
      {
        type: 'link',
        href: 'https://x.org/a_(b)',
        children: [{ type: 'text', text: 'https://x.org/a_(b)' }],
      },
      { type: 'text', text: '. ok' },
    ]);
    expect(parseInline('(https://x.org)')[1]).toMatchObject({ href: 'https://x.org/' });
  });

  it('keeps a link with an unsafe target as plain text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: '[click](javascript:alert(1))' },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('splits fenced code blocks from paragraphs', () => {
    expect(parseMarkdown('before\n```js\nconst a = **1**;\n<b>x</b>\n```\nafter')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'before' }] },
      { type: 'codeBlock', language: 'js', text: 'const a = **1**;\n<b>x</b>' },
      { type: 'paragraph', children: [{ type: 'text', text: 'after' }] },
    ]);
  });

  it('runs an unclosed fence to the end', () => {
    expect(parseMarkdown('```\ncode')).toEqual([
      { type: 'codeBlock', language: null, text: 'code' },
    ]);
  });
});

describe('<Markdown>', () => {
  it('renders formatting as elements', () => {
    const root = html('**bold** *it* `code` [site](https://x.org)');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('it');
    expect(root.querySelector('code')?.textContent).toBe('code');
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://x.org/');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('renders a <script> payload as plain text', () => {
    const payload = '<script>window.hacked = true</script><img src=x onerror="alert(1)">';
    const root = html(payload);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe(payload);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('renders HTML inside formatting and code blocks as text', () => {
    const root = html('**<b>x</b>**\n```\n<iframe src="https://x.org"></iframe>\n```');
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('iframe')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('<b>x</b>');
    expect(root.querySelector('pre')?.textContent).toBe('<iframe src="https://x.org"></iframe>');
  });

  it('never makes a javascript: or data: link', () => {
    const root = html(
      '[a](javascript:alert(1)) [b](data:text/html,x) javascript:alert(1) [c](JAVASCRIPT:x)',
    );
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('[a](javascript:alert(1))');
  });

  it('links bare https URLs', () => {
    const root = html('go to https://example.org/path now');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.org/path');
    expect(root.querySelector('a')?.textContent).toBe('https://example.org/path');
  });
});
