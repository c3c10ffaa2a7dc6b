import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  hasSessionCookie,
  parseRoutePreloads,
  renderIndexHtml,
  withSignedInPreloads,
} from './web';

describe('renderIndexHtml', () => {
  const template =
    '<html><head><title>{name}</title><meta name="description" content="{description}"><meta name="application-name" content="{name}"></head></html>';

  it.each([
    ['Seminar', '<title>Seminar</title>', 'content="Seminar"'],
    ['A & B', '<title>A &amp; B</title>', 'content="A &amp; B"'],
    [
      '"><script>x</script>',
      '<title>&quot;&gt;&lt;script&gt;x&lt;/script&gt;</title>',
      'content="&quot;&gt;&lt;script',
    ],
  ])('fills %j into the title, description and application-name', (name, title, meta) => {
    const html = renderIndexHtml(template, name);
    expect(html).toContain(title);
    expect(html).toContain(meta);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('{name}');
    expect(html).not.toContain('{description}');
  });

  it('names the app, escaped, on the first screen of the web app’s own index.html', () => {
    const webIndex = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    const html = renderIndexHtml(webIndex, 'A & <B>');
    expect(html).toContain('<span class="sm-logo-name">A &amp; &lt;B&gt;</span>');
    expect(html).not.toContain('{name}');
  });

  it('fills the installation’s currency into its meta tag', () => {
    const webIndex = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    expect(renderIndexHtml(webIndex, 'Seminar', 'EUR')).toContain(
      '<meta name="seminar-currency" content="EUR" />',
    );
    expect(renderIndexHtml(webIndex, 'Seminar')).toContain('content="USD"');
    expect(renderIndexHtml(webIndex, 'Seminar')).not.toContain('{currency}');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('route preloads', () => {
  it.each([
    ['[{"prefix":"/classes/","files":["/assets/a.js","/assets/b.js"]}]', 1],
    ['not json', 0],
    ['{"prefix":"/classes/"}', 0],
    ['[{"prefix":"/classes/","files":["https://elsewhere.test/a.js"]}]', 0],
    ['[{"prefix":"/classes/","files":[1]}]', 0],
    ['[{"files":["/assets/a.js"]}, null, 3]', 0],
  ])('reads %s as %i route(s)', (json, count) => {
    expect(parseRoutePreloads(json)).toHaveLength(count);
  });

  it('adds the session’s preload and one escaped modulepreload per file at the end of the head', () => {
    const html = withSignedInPreloads('<html><head><title>x</title></head><body></body></html>', [
      '/assets/a.js',
      '/assets/"b.js',
    ]);
    expect(html).toBe(
      '<html><head><title>x</title>' +
        '    <link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/&quot;b.js">\n  </head><body></body></html>',
    );
  });

  it.each([
    ['better-auth.session_token=abc.def', true],
    ['theme=dark; better-auth.session_token=abc', true],
    ['__Secure-better-auth.session_token=abc', true],
    ['better-auth.session_token=', false],
    ['xbetter-auth.session_token=abc', false],
    ['better-auth.session_data=abc', false],
    [undefined, false],
  ])('cookie %j carries a session: %s', (cookie, expected) => {
    expect(hasSessionCookie(cookie)).toBe(expected);
  });
});
