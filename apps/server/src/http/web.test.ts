import { describe, expect, it } from 'vitest';
import { escapeHtml, renderIndexHtml } from './web';

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

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
